import type { OrderQuote, PaymentMethod } from '@techbazaar/shared'
import { CircleCheck } from 'lucide-react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { BreakdownRows } from './order-breakdown'

/** An order just placed: its number, and the breakdown of the total it was placed at. */
export interface PlacedOrder {
  number: string
  /** Null when the breakdown had not loaded when the order was placed. */
  quote: OrderQuote | null
  method: PaymentMethod | null
}

/** "Order Placed!": Close goes home and reloads, as the spec says. */
export function OrderPlacedDialog({ placed }: { placed: PlacedOrder | null }) {
  const goHome = () => window.location.assign('/')
  return (
    <Dialog open={placed !== null} onOpenChange={(open) => !open && goHome()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader className="items-center text-center">
          <CircleCheck className="size-12 text-success" aria-hidden="true" />
          <DialogTitle>Order Placed!</DialogTitle>
          <DialogDescription>
            Your order{' '}
            <span className="tabular font-medium break-all text-foreground">{placed?.number}</span>{' '}
            is confirmed. Pay in cash when it is delivered.
          </DialogDescription>
        </DialogHeader>
        {placed?.quote && (
          <section aria-label="Order total" className="rounded-lg border bg-muted/40 p-4">
            <BreakdownRows quote={placed.quote} method={placed.method} addressChosen />
          </section>
        )}
        <DialogFooter>
          <Button className="w-full" onClick={goHome}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
