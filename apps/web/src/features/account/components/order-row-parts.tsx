import { formatShopDay, type OrderListItem, type OrderStatus } from '@techbazaar/shared'
import { RotateCcw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useSession } from '@/lib/session/get-session'
import { useBuyAgain } from '../api/buy-again'

/** Parts are with the seller or the courier: what a shopper wants to follow. */
export const ON_ITS_WAY: ReadonlySet<OrderStatus> = new Set([
  'confirmed',
  'inProcess',
  'inShipping',
])

/** The order's first item, its picture and name, and how many more (issue 31.4). */
export function OrderItems({ order }: { order: OrderListItem }) {
  const first = order.firstItem
  if (!first) return null
  const more = (order.itemCount ?? 1) - 1
  return (
    <div className="flex min-w-0 items-center gap-3">
      <img
        src={first.image}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        className="size-12 shrink-0 rounded-md bg-muted object-contain"
      />
      <p className="min-w-0">
        <span className="line-clamp-2 font-medium">{first.title}</span>
        {more > 0 && (
          <span className="text-muted-foreground">
            and {more} more {more === 1 ? 'item' : 'items'}
          </span>
        )}
      </p>
    </div>
  )
}

/**
 * When it comes and where to: the expected day while it is on its way (checkout's promise until
 * the courier gives its own), and the delivery address as ordered, with its state.
 */
export function OrderDelivery({ order }: { order: OrderListItem }) {
  const to = order.deliverTo
  const arriving = ON_ITS_WAY.has(order.displayStatus) && order.expectedDelivery
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      {arriving && (
        <p>
          Arriving by{' '}
          <span className="font-medium">{formatShopDay(order.expectedDelivery!, 'weekday')}</span>
        </p>
      )}
      {to && (
        <p className="text-muted-foreground">
          <span className="sr-only">Deliver to </span>
          <span className="line-clamp-2">
            {to.address}, {to.city}
            {to.state ? `, ${to.state}` : ''} – {to.pincode}
          </span>
        </p>
      )}
    </div>
  )
}

/** "Buy again" on a delivered order: its items back in the cart, as far as they still sell. */
export function BuyAgainButton({ order }: { order: OrderListItem }) {
  const { user } = useSession()
  const buyAgain = useBuyAgain(user?.id ?? '')
  if (order.displayStatus !== 'delivered' || !user) return null
  return (
    <Button
      variant="outline"
      size="sm"
      className="h-10"
      disabled={buyAgain.isPending}
      aria-label={`Buy again: order ${order.orderNumber}`}
      onClick={() => buyAgain.mutate(order._id)}
    >
      {buyAgain.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
      Buy again
    </Button>
  )
}
