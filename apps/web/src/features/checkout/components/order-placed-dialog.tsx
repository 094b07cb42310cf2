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
export function OrderPlacedDialog({ orderId }: { orderId: string | null }) {
  const goHome = () => window.location.assign('/')
  return (
    <Dialog open={orderId !== null} onOpenChange={(open) => !open && goHome()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader className="items-center text-center">
          <CircleCheck className="size-12 text-success" aria-hidden="true" />
          <DialogTitle>Order Placed!</DialogTitle>
          <DialogDescription>
            Your order <span className="font-mono break-all text-foreground">{orderId}</span> is
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
