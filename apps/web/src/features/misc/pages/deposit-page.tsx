import { CreditCardIcon, LinkIcon } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { ComingSoon } from '../components/coming-soon'
import { MessagePage } from '../components/message-page'

/** /deposit?payment_session_id=…: the hand-off to a payment gateway (a later release). */
export default function DepositPage() {
  const [searchParams] = useSearchParams()
  const sessionId = searchParams.get('payment_session_id')?.trim()
  if (!sessionId) {
    return (
      <MessagePage
        icon={LinkIcon}
        tone="error"
        title="Payment link is invalid, expired, or already used."
        actions={
          <Button asChild variant="outline">
            <Link to="/">Back to TechBazaar</Link>
          </Button>
        }
      />
    )
  }
  return (
    <ComingSoon
      title="Complete your payment"
      icon={CreditCardIcon}
      className="max-w-2xl"
      description="Paying through this link is on its way and will work shortly."
    />
  )
}
