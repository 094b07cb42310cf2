import { formatRupees } from '@techbazaar/shared'
import { Minus, Plus, ShoppingBag, ShoppingCart, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { useSession } from '@/features/auth/api/get-session'
import { useCart, type CartApi } from '../use-cart'
import { useCartLines, type CartViewLine } from '../use-cart-lines'
import { useGuestCartMerge } from '../use-guest-cart-merge'

/**
 * The header's cart: an icon button with the item count, opening a right-hand sheet with the
 * lines, quantities, total and Checkout. Signed in, the lines and prices come from the server
 * cart; for a guest, product data comes from the catalog by id (shared cache with the product
 * dialog), never from what was stored with the line. The sheet sits in every shop page's
 * header, so it is also where guest lines move into the server cart at sign-in.
 */
export function CartSheet() {
  const [open, setOpen] = useState(false)
  const { user } = useSession()
  const userId = user?.id ?? null
  useGuestCartMerge(userId)
  const cart = useCart()
  const countLabel = `${cart.count} ${cart.count === 1 ? 'item' : 'items'}`

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative size-11"
          aria-label={`Cart, ${countLabel}`}
        >
          <ShoppingCart className="size-5" aria-hidden="true" />
          {cart.count > 0 && (
            <span
              aria-hidden="true"
              className="tabular absolute top-0.5 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-deal px-1 text-[11px] leading-none font-bold text-deal-foreground"
            >
              {cart.count > 99 ? '99+' : cart.count}
            </span>
          )}
        </Button>
      </DialogTrigger>
      <DialogContent side="right" className="gap-0">
        <div className="border-b px-5 py-4 pr-14">
          <DialogTitle>Your cart</DialogTitle>
          <DialogDescription>{countLabel}</DialogDescription>
        </div>
        {cart.lines.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
            <ShoppingBag className="size-12 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">Your cart is empty.</p>
            <Button asChild variant="outline">
              <Link to="/shop/listing" onClick={() => setOpen(false)}>
                Start shopping
              </Link>
            </Button>
          </div>
        ) : (
          <CartContents cart={cart} userId={userId} onNavigate={() => setOpen(false)} />
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
  const overStock = view.lines.some((line) => line.status === 'ready' && line.quantity > line.stock)
  const blockedReason = view.failed
    ? 'Your cart could not be loaded. Please try again.'
    : unavailable
      ? 'Remove the items that are no longer available to check out.'
      : overStock
        ? 'Lower the quantities that are above the stock left to check out.'
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

  const { title, stock } = line
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
              onClick={() => cart.update(line.productId, line.quantity - 1, stock)}
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
              onClick={() => cart.update(line.productId, line.quantity + 1, stock)}
            >
              <Plus aria-hidden="true" />
            </Button>
          </div>
          <span className="tabular font-semibold">
            {formatRupees(line.unitPrice * line.quantity)}
          </span>
        </div>
        {line.quantity > stock && (
          <p className="text-xs text-destructive">
            {stock === 0 ? 'Out of stock now.' : `Only ${stock} left in stock.`}
          </p>
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
