import { orderLimitNote, formatRupees } from '@techbazaar/shared'
import { Minus, Plus, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import type { CartApi } from '@/lib/cart/use-cart'
import type { CartViewLine } from '@/lib/cart/use-cart-lines'

/**
 * One cart line with its quantity controls and what stands in the way of buying it (gone, out
 * of stock, above the stock left or the limit per order): the cart sheet and checkout show it.
 */
export function CartLineItem({
  line,
  cart,
  onNavigate,
  onSaveForLater,
}: {
  line: CartViewLine
  cart: CartApi
  /** Called when the shopper follows the line's link to its product (the sheet closes). */
  onNavigate?: () => void
  /** "Save for later": the line moves to the wishlist (the cart sheet offers it). */
  onSaveForLater?: (productId: string) => void
}) {
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
          <p className="line-clamp-2 text-sm font-medium">
            {line.path ? (
              <Link to={line.path} onClick={onNavigate} className="hover:underline">
                {title}
              </Link>
            ) : (
              title
            )}
          </p>
          <RemoveButton onClick={() => cart.remove(line.productId)} label={title} />
        </div>
        {/* Wraps the price under the quantity on the narrowest phones (320 px checkout). */}
        <div className="flex flex-wrap items-center justify-between gap-2">
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
        {onSaveForLater && (
          <Button
            variant="link"
            className="h-auto self-start p-0 text-xs"
            aria-label={`Save for later: ${title}`}
            onClick={() => onSaveForLater(line.productId)}
          >
            Save for later
          </Button>
        )}
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
