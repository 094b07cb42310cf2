import { formatOrderNumber, parseOrderNumber } from '@techbazaar/shared'
import { CircleCheckIcon } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { MessagePage } from '@/components/message-page'

/**
 * /shop/payment-success: shown once the shop has confirmed the payment with the provider. The
 * return pages put the order's number in `?order=`; anything else there is not shown.
 */
export default function PaymentSuccessPage() {
  const [searchParams] = useSearchParams()
  const sequence = parseOrderNumber(searchParams.get('order') ?? '')
  const orderNumber = sequence === null ? null : formatOrderNumber(sequence)
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
      <p>
        Thank you! Your order{' '}
        {orderNumber && (
          <>
            <span className="tabular font-medium text-foreground">{orderNumber}</span>{' '}
          </>
        )}
        is confirmed and a confirmation mail is on its way.
      </p>
    </MessagePage>
  )
}
