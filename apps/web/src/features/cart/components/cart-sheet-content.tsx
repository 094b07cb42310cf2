import { formatRupees, orderLimitNote } from '@techbazaar/shared'
import { Minus, Plus, ShoppingBag, Trash2 } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import type { CartApi } from '../use-cart'
import { useCartLines, type CartViewLine } from '../use-cart-lines'

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
  const unavailable = view.lines.some(
    (line) => line.status === 'unavailable' || line.status === 'error',
  )
  const ready = view.lines.filter((line) => line.status === 'ready')
  const overStock = ready.some((line) => line.quantity > line.stock)
  const overLimit = ready.some((line) => line.quantity > line.orderLimit)
  const blockedReason = view.failed
    ? 'Your cart could not be loaded. Please try again.'
    : unavailable
      ? 'Remove the items that are no longer available to check out.'
      : overStock
        ? 'Lower the quantities that are above the stock left to check out.'
        : overLimit
          ? 'Lower the quantities that are above the limit per order to check out.'
          : null

  return (
    <>
      <ul className="flex-1 divide-y overflow-y-auto px-5">
        {view.lines.map((line) => (
          <CartLineItem key={line.productId} line={line} cart={cart} />
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

function CartLineItem({ line, cart }: { line: CartViewLine; cart: CartApi }) {
  if (line.status === 'loading') {
    return (
      <li className="flex gap-3 py-4" aria-busy="true">
        <Skeleton className="size-20 shrink-0 rounded-lg" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-4 w-4/5" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-9 w-28" />
        </div>
      </li>
    )
  }
  if (line.status !== 'ready' || !line.title) {
    // A server line keeps its title, so the shopper sees which product went away.
    return (
      <li className="flex items-center gap-3 py-4">
        {line.image ? (
          <LineImage src={line.image} muted />
        ) : (
          <div className="flex size-20 shrink-0 items-center justify-center rounded-lg bg-muted text-xs text-muted-foreground">
            —
          </div>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          {line.title && <p className="line-clamp-2 text-sm font-medium">{line.title}</p>}
          <p className="text-sm text-muted-foreground">
            {line.status === 'unavailable'
              ? 'This product is no longer available.'
              : 'This item could not be loaded.'}
          </p>
        </div>
        <RemoveButton
          onClick={() => cart.remove(line.productId)}
          label={line.title ?? 'this item'}
        />
      </li>
    )
  }

  const { title, stock, orderLimit } = line
  const atLimit = line.quantity >= orderLimit
  return (
    <li className="flex gap-3 py-4">
      <LineImage src={line.image ?? ''} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <p className="line-clamp-2 text-sm font-medium">{title}</p>
          <RemoveButton onClick={() => cart.remove(line.productId)} label={title} />
        </div>
        <div className="flex items-center justify-between gap-2">
          <div
            className="flex items-center rounded-md border"
            role="group"
            aria-label={`Quantity of ${title}`}
          >
            <Button
              variant="ghost"
              size="icon"
              className="size-10 rounded-r-none"
              aria-label="Decrease quantity"
              disabled={line.quantity <= 1}
              onClick={() => cart.update(line.productId, line.quantity - 1, stock, orderLimit)}
            >
              <Minus aria-hidden="true" />
            </Button>
            <span className="tabular w-8 text-center text-sm font-semibold" aria-live="polite">
              {line.quantity}
            </span>
            <Button
              variant="ghost"
              size="icon"
              className="size-10 rounded-l-none"
              aria-label="Increase quantity"
              disabled={atLimit}
              aria-describedby={atLimit ? `limit-${line.productId}` : undefined}
              onClick={() => cart.update(line.productId, line.quantity + 1, stock, orderLimit)}
            >
              <Plus aria-hidden="true" />
            </Button>
          </div>
          <span className="tabular font-semibold">
            {formatRupees(line.unitPrice * line.quantity)}
          </span>
        </div>
        {line.quantity > stock ? (
          <p className="text-xs text-destructive">
            {stock === 0 ? 'Out of stock now.' : `Only ${stock} left in stock.`}
          </p>
        ) : (
          atLimit && (
            <p
              id={`limit-${line.productId}`}
              className={cn(
                'text-xs',
                line.quantity > orderLimit ? 'text-destructive' : 'text-muted-foreground',
              )}
            >
              {orderLimitNote(orderLimit)}
              {line.quantity > orderLimit && '. Lower the quantity to check out.'}
            </p>
          )
        )}
      </div>
    </li>
  )
}

function LineImage({ src, muted = false }: { src: string; muted?: boolean }) {
  return (
    <img
      src={src}
      alt=""
      width={80}
      height={80}
      loading="lazy"
      className={`size-20 shrink-0 rounded-lg bg-muted object-contain p-1 mix-blend-multiply ${muted ? 'opacity-50 grayscale' : ''}`}
    />
  )
}

function RemoveButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="-mt-2 -mr-2 size-10 shrink-0 text-muted-foreground hover:text-destructive"
      aria-label={`Remove ${label}`}
      onClick={onClick}
    >
      <Trash2 aria-hidden="true" />
    </Button>
  )
}
