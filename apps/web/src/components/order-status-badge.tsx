import { ORDER_STATUS_LABELS, type OrderStatus } from '@techbazaar/shared'
import { Badge } from '@/components/ui/badge'

/**
 * An order's status as the shopper's orders, the admin's orders and the seller's orders show it.
 * Spec §4: confirmed green, rejected red, otherwise black; in words (decision 42). A failed
 * payment is red too; a cancelled or expired order is muted.
 */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const label = ORDER_STATUS_LABELS[status]
  if (status === 'confirmed') return <Badge variant="success">{label}</Badge>
  if (status === 'rejected' || status === 'paymentFailed') {
    return <Badge variant="destructive">{label}</Badge>
  }
  // Ended without anyone refusing it (the shopper cancelled, the payment window passed).
  if (status === 'cancelled' || status === 'expired' || status === 'returned')
    return <Badge variant="secondary">{label}</Badge>
  return <Badge className="border-transparent bg-foreground text-background">{label}</Badge>
}
