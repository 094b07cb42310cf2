import {
  formatOrderNumber,
  formatRupees,
  formatShopDay,
  parseOrderNumber,
  type Order,
} from '@techbazaar/shared'
import { CircleCheckIcon, CircleHelpIcon, LoaderCircleIcon } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { MessagePage } from '@/components/message-page'
import { usePaidOrder } from '../api/get-paid-order'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const viewOrders = (
  <Button asChild>
    <Link to="/shop/account">View Orders</Link>
  </Button>
)

/**
 * /shop/payment-success: the return page comes here once the shop has confirmed the payment with
 * the provider, with the order's id in `?id=` (the status page's redirect gives only its number,
 * `?order=TB-…`). The page says a payment succeeded only for an
 * order the shop holds as paid (issue 31.4): opened without one, or for an order not paid, it
 * claims nothing and points to the orders.
 */
export default function PaymentSuccessPage() {
  const [searchParams] = useSearchParams()
  const raw = searchParams.get('id') ?? ''
  const id = UUID.test(raw) ? raw : null
  const sequence = parseOrderNumber(searchParams.get('order') ?? '')
  const number = sequence === null ? null : formatOrderNumber(sequence)
  const order = usePaidOrder({ id, number })

  if ((id || number) && order.isPending) {
    return (
      <MessagePage icon={LoaderCircleIcon} title="Checking your order…">
        <p role="status">One moment.</p>
      </MessagePage>
    )
  }
  if (!order.data || order.data.paymentStatus !== 'paid') {
    return (
      <MessagePage icon={CircleHelpIcon} title="No payment to show" actions={viewOrders}>
        <p>
          This page shows a payment once the shop has confirmed it, and there is none here. Your
          orders show what was paid.
        </p>
      </MessagePage>
    )
  }
  return <PaidOrder order={order.data} />
}

/** The paid order: its number, its items and the day it is expected. */
function PaidOrder({ order }: { order: Order }) {
  const items = order.cartItems.filter((line) => line.state === 'active')
  return (
    <MessagePage
      icon={CircleCheckIcon}
      tone="success"
      title="Payment is successful!"
      actions={viewOrders}
    >
      <p>
        Thank you! Your order{' '}
        <span className="tabular font-medium text-foreground">{order.orderNumber}</span> is
        confirmed and a confirmation mail is on its way.
      </p>
      {order.expectedDelivery && (
        <p className="mt-2 text-foreground">
          Arriving by{' '}
          <span className="font-semibold">{formatShopDay(order.expectedDelivery, 'weekday')}</span>
        </p>
      )}
      <ul
        aria-label="Items in this order"
        className="mt-4 flex flex-col gap-2 rounded-lg border p-3 text-left text-sm"
      >
        {items.map((line) => (
          <li key={line.productId} className="flex items-center gap-3">
            <img
              src={line.image}
              alt=""
              width={40}
              height={40}
              className="size-10 shrink-0 rounded bg-muted object-contain"
            />
            <span className="line-clamp-2 min-w-0 flex-1 text-foreground">{line.title}</span>
            <span className="tabular shrink-0">
              {line.quantity} × {formatRupees(line.price)}
            </span>
          </li>
        ))}
      </ul>
    </MessagePage>
  )
}
