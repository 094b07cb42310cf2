import { BanknoteIcon, CircleAlertIcon, CircleXIcon, LoaderCircleIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { MessagePage } from '@/components/message-page'
import { useCapturePayment } from '../api/capture-payment'
import { openCartSheet } from '@/lib/cart/open-cart-sheet'
import { pendingOrder } from '@/lib/pending-order'

/**
 * /shop/paypal-return (the generic return page): captures the payment of the pending order
 * (the server re-checks it with the provider) and goes on to /shop/payment-success.
 */
export default function PaymentReturnPage() {
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const [orderId] = useState(() => searchParams.get('order_id') ?? pendingOrder.get())
  const capture = useCapturePayment(
    orderId
      ? {
          orderId,
          paymentId: searchParams.get('paymentId') ?? undefined,
          payerId: searchParams.get('PayerID') ?? undefined,
        }
      : null,
  )
  const result = capture.data

  const cashOnDelivery = result?.paymentMethod === 'COD'
  useEffect(() => {
    if (cashOnDelivery) {
      pendingOrder.clear()
    } else if (result?.paymentStatus === 'paid') {
      pendingOrder.clear()
      const query = new URLSearchParams({ order: result.orderNumber, id: result.orderId })
      void navigate(`/shop/payment-success?${query.toString()}`, { replace: true })
    } else if (result?.paymentStatus === 'failed') {
      pendingOrder.clear()
    }
  }, [result, cashOnDelivery, navigate])

  const ordersButton = (
    <Button asChild>
      <Link to="/shop/account">View Orders</Link>
    </Button>
  )
  if (!orderId || capture.isError) {
    return (
      <MessagePage
        icon={CircleXIcon}
        tone="error"
        title="Invalid payment request."
        actions={ordersButton}
      >
        <p>{capture.error?.message ?? 'No payment is waiting to be confirmed.'}</p>
      </MessagePage>
    )
  }
  if (result && cashOnDelivery) {
    // Nothing is paid online for it: no payment to confirm, just the order to look at.
    return (
      <MessagePage
        icon={BanknoteIcon}
        title="Cash on delivery order"
        actions={
          <Button asChild>
            <Link to={`/shop/account?order=${encodeURIComponent(result.orderId)}`}>
              View this order
            </Link>
          </Button>
        }
      >
        <p>{result.message}</p>
      </MessagePage>
    )
  }
  if (result?.paymentStatus === 'failed') {
    // A failed online order puts its lines back in the cart (decision 39): the way forward is
    // the cart and checkout again, not this order.
    return (
      <MessagePage
        icon={CircleXIcon}
        tone="error"
        title="Payment failed"
        actions={
          <>
            <Button asChild>
              <Link to="/shop/checkout">Try again</Link>
            </Button>
            <Button variant="outline" onClick={openCartSheet}>
              Go to cart
            </Button>
          </>
        }
      >
        <p>{result.message}</p>
        <p className="mt-2">
          Your items are back in your cart (except any no longer available), so you can try again.
        </p>
      </MessagePage>
    )
  }
  if (result?.paymentStatus === 'pending') {
    return (
      <MessagePage
        icon={CircleAlertIcon}
        title="Payment not confirmed yet"
        actions={
          <>
            <Button onClick={() => void capture.refetch()}>Check again</Button>
            <Button asChild variant="outline">
              <Link to="/shop/account">View Orders</Link>
            </Button>
          </>
        }
      >
        <p>{result.message}</p>
      </MessagePage>
    )
  }
  return (
    <MessagePage icon={LoaderCircleIcon} title="Processing Payment...Please wait!">
      <p role="status">We are confirming your payment with the provider.</p>
    </MessagePage>
  )
}
