import { CircleCheckIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { MessagePage } from '../components/message-page'

/**
 * /payment-status?payment_session_id=…: where a gateway returns the payer. Confirming the
 * payment and the automatic redirect come with the payments release.
 */
export default function PaymentStatusPage() {
  return (
    <MessagePage
      icon={CircleCheckIcon}
      tone="success"
      title="Thanks for Visiting!"
      actions={
        <Button asChild>
          <Link to="/">Back to Website</Link>
        </Button>
      }
    >
      <p>You can return to our website now.</p>
    </MessagePage>
  )
}
