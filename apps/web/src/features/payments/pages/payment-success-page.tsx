import { CircleCheckIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { MessagePage } from '@/features/misc/components/message-page'

/** /shop/payment-success: shown once the shop has confirmed the payment with the provider. */
export default function PaymentSuccessPage() {
  return (
    <MessagePage
      icon={CircleCheckIcon}
      tone="success"
      title="Payment is successful!"
      actions={
        <Button asChild>
          <Link to="/shop/account">View Orders</Link>
        </Button>
      }
    >
      <p>Thank you! Your order is confirmed and a confirmation mail is on its way.</p>
    </MessagePage>
  )
}
