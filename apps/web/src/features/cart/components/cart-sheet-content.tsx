import { formatRupees } from '@techbazaar/shared'
import { ShoppingBag } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import type { CartApi } from '@/lib/cart/use-cart'
import { cartBlockedReason, useCartLines } from '@/lib/cart/use-cart-lines'
import { CartLineItem } from '@/components/cart-line-item'
import { useSaveForLater } from '@/lib/wishlist/use-save-for-later'

/**
 * The cart's right-hand sheet: lines, quantities, total and Checkout. Its code (Radix Dialog and
 * the lines) loads when the shopper first opens the cart, not with every page (cart-sheet.tsx).
 */
export function CartSheetContent({
  open,
  onOpenChange,
  cart,
  userId,
  countLabel,
  triggerRef,
}: {
  open: boolean
  onOpenChange(open: boolean): void
  cart: CartApi
  userId: string | null
  countLabel: string
  triggerRef: React.RefObject<HTMLButtonElement | null>
}) {
  const close = () => onOpenChange(false)
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        side="right"
        className="gap-0"
        // There is no Radix trigger (the header's button is plain), so focus goes back by hand.
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          triggerRef.current?.focus()
        }}
      >
        <div className="border-b px-5 py-4 pr-14">
          <DialogTitle>Your cart</DialogTitle>
          <DialogDescription>{countLabel}</DialogDescription>
        </div>
        {cart.lines.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
            <ShoppingBag className="size-12 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">Your cart is empty.</p>
            <Button asChild variant="outline">
              <Link to="/shop/listing" onClick={close}>
                Start shopping
              </Link>
            </Button>
          </div>
        ) : (
          <CartContents cart={cart} userId={userId} onNavigate={close} />
        )}
      </DialogContent>
    </Dialog>
  )
}

function CartContents({
  cart,
  userId,
  onNavigate,
}: {
  cart: CartApi
  userId: string | null
  onNavigate: () => void
}) {
  const view = useCartLines(cart, userId)
  const saveForLater = useSaveForLater() ?? undefined
  const blockedReason = cartBlockedReason(view, 'to check out')

  return (
    <>
      <ul className="flex-1 divide-y overflow-y-auto px-5">
        {view.lines.map((line) => (
          <CartLineItem
            key={line.productId}
            line={line}
            cart={cart}
            onNavigate={onNavigate}
            onSaveForLater={saveForLater}
          />
        ))}
      </ul>
      <div className="flex flex-col gap-3 border-t bg-muted/40 px-5 py-4">
        <div className="flex items-baseline justify-between text-base font-semibold">
          <span>Total</span>
          {view.loading ? (
            <Skeleton className="h-6 w-24" />
          ) : (
            <span className="tabular text-lg font-bold">{formatRupees(view.total)}</span>
          )}
        </div>
        {blockedReason ? (
          <>
            <p id="checkout-blocked" className="text-sm text-destructive">
              {blockedReason}
            </p>
            <Button size="lg" className="w-full" disabled aria-describedby="checkout-blocked">
              Checkout
            </Button>
          </>
        ) : (
          <Button asChild size="lg" className="w-full">
            <Link to="/shop/checkout" onClick={onNavigate}>
              Checkout
            </Link>
          </Button>
        )}
      </div>
    </>
  )
}
