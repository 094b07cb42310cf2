import { CircleCheckIcon, CircleXIcon } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { MessagePage } from '@/components/message-page'
import { usePaymentStatus } from '../api/get-payment-status'
import { pendingOrder } from '@/lib/pending-order'

/** How long the thank-you stays before the page moves on by itself. */
const REDIRECT_AFTER_MS = 3000

/**
 * /payment-status?payment_session_id=…: where a gateway returns the payer. The shop re-checks
 * the payment with the provider, thanks the visitor and then moves on by itself.
 */
export default function PaymentStatusPage() {
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const sessionId = searchParams.get('payment_session_id')?.trim() || null
  const status = usePaymentStatus(sessionId)
  const redirectUrl = status.data?.redirectUrl

  useEffect(() => {
    if (!status.data) return
    if (status.data.paymentStatus === 'paid') pendingOrder.clear()
    const timer = setTimeout(
      () => navigate(status.data.redirectUrl, { replace: true }),
      REDIRECT_AFTER_MS,
    )
    return () => clearTimeout(timer)
  }, [status.data, navigate])

  if (!sessionId || status.isError) {
    return (
      <MessagePage
        icon={CircleXIcon}
        tone="error"
        title="Invalid payment request."
        actions={
          <Button asChild>
            <Link to="/">Back to Website</Link>
          </Button>
        }
      />
    )
  }
  if (status.isPending) {
    return (
      <MessagePage icon={CircleCheckIcon} title="Checking your payment...">
        <Spinner />
      </MessagePage>
    )
  }
  return (
    <MessagePage
      icon={CircleCheckIcon}
      tone="success"
      title="Thanks for Visiting!"
      actions={
        <Button asChild>
          <Link to={redirectUrl ?? '/'}>Back to Website</Link>
        </Button>
      }
    >
      <p>You can return to our website now.</p>
    </MessagePage>
  )
}
