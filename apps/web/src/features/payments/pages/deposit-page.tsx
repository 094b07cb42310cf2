import { ORDER_PAYMENT_METHODS } from '@techbazaar/shared'
import { CreditCardIcon, LinkIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { MessagePage } from '@/components/message-page'
import { useDeposit } from '../api/get-deposit'
import { openCashfreeCheckout } from '../cashfree-checkout'

const INVALID = 'Payment link is invalid, expired, or already used.'
/** Every online method: each may answer with an address to send the browser to. */
const REDIRECT_MODES: readonly string[] = ORDER_PAYMENT_METHODS.filter((mode) => mode !== 'COD')
const GATEWAY_FAILED = 'Failed to load payment gateway. Please try again later.'

/**
 * /deposit?payment_session_id=…: hands the browser to the payment provider. Cashfree opens its
 * checkout in this window (or the built-in sandbox page); PAYU, PHONEPAY and GATEPAY go to the
 * address the shop returned.
 */
export default function DepositPage() {
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const sessionId = searchParams.get('payment_session_id')?.trim() || null
  const deposit = useDeposit(sessionId)
  const [failure, setFailure] = useState<string | null>(null)
  const answer = deposit.data
  const known =
    answer &&
    ((answer.data.redirectUrl && REDIRECT_MODES.includes(answer.paymentMode)) ||
      (answer.paymentMode === 'CASHFREE' && answer.data.payment_session_id))

  useEffect(() => {
    if (!answer || !known) return
    const { data } = answer
    if (data.redirectUrl) {
      window.location.assign(data.redirectUrl)
    } else if (data.payment_session_id) {
      openCashfreeCheckout(data.payment_session_id, data.environment ?? 'production').catch(() =>
        setFailure(GATEWAY_FAILED),
      )
    }
  }, [answer, known])

  const error = !sessionId || deposit.isError || (answer && !known) ? INVALID : failure
  if (error) {
    return (
      <MessagePage
        icon={LinkIcon}
        tone="error"
        title={error}
        actions={<Button onClick={() => navigate(-1)}>Try Again</Button>}
      />
    )
  }
  return (
    <MessagePage icon={CreditCardIcon} title="Navigating to payment gateway...">
      <span className="inline-flex items-center gap-2" role="status">
        <Spinner /> Please do not close this window.
      </span>
    </MessagePage>
  )
}
