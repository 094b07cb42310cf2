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

/** "Order Placed!": Close goes home and reloads, as the spec says. */
export function OrderPlacedDialog({ orderNumber }: { orderNumber: string | null }) {
  const goHome = () => window.location.assign('/')
  return (
    <Dialog open={orderNumber !== null} onOpenChange={(open) => !open && goHome()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader className="items-center text-center">
          <CircleCheck className="size-12 text-success" aria-hidden="true" />
          <DialogTitle>Order Placed!</DialogTitle>
          <DialogDescription>
            Your order{' '}
            <span className="tabular font-medium break-all text-foreground">{orderNumber}</span> is
            confirmed. Pay in cash when it is delivered.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button className="w-full" onClick={goHome}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
