import type { Order } from '@techbazaar/shared'
import { Badge } from '@/components/ui/badge'

type Line = Order['cartItems'][number]

/**
 * Marks an order line whose units no longer count (issue 26.8): its part cancelled, or units
 * that came back. Nothing for a line still wholly with the order.
 */
export function LineStateBadge({ line }: { line: Line }) {
  if (line.state === 'cancelled') return <Badge variant="secondary">Cancelled</Badge>
  if (line.state === 'returned') return <Badge variant="secondary">Returned</Badge>
  if (line.returnedQuantity > 0) {
    return <Badge variant="secondary">{line.returnedQuantity} returned</Badge>
  }
  return null
}

/** A line no longer payable reads muted, its amount struck through. */
export const lineEnded = (line: Line) => line.state !== 'active'
