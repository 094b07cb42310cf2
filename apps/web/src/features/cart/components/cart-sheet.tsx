import { ShoppingCart } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { Button } from '@/components/ui/button'
import { shopperIdOf, useSession } from '@/lib/session/get-session'
import { useLazySheet } from '@/lib/use-lazy-sheet'
import { useCart } from '@/lib/cart/use-cart'
import { useOpenCartSheetRequests } from '@/lib/cart/open-cart-sheet'
import { useGuestCartMerge } from '../use-guest-cart-merge'

const loadContent = () => import('./cart-sheet-content')
const CartSheetContent = lazy(() =>
  loadContent().then((module) => ({ default: module.CartSheetContent })),
)

/**
 * The header's cart: an icon button with the item count, opening a right-hand sheet with the
 * lines, quantities, total and Checkout. Signed in, the lines and prices come from the server
 * cart; for a guest, product data comes from the catalog by id (shared cache with the product
 * dialog), never from what was stored with the line. The sheet sits in every shop page's
 * header, so it is also where guest lines move into the server cart at sign-in.
 *
 * Only the button is part of the first paint: the sheet's code loads when the pointer or the
 * focus comes to the button, at the latest on the first click (page budget, issue 7).
 */
export function CartSheet() {
  const sheet = useLazySheet(loadContent)
  const { user } = useSession()
  // A back-office account signing in keeps its guest lines: it has no cart to move them into.
  const userId = shopperIdOf(user)
  useGuestCartMerge(userId)
  const cart = useCart()
  // "Go to cart" elsewhere on the page (the payment failure page).
  useOpenCartSheetRequests(sheet.triggerProps.onClick)
  const countLabel = `${cart.count} ${cart.count === 1 ? 'item' : 'items'}`

  return (
    <>
      <Button
        {...sheet.triggerProps}
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
      {sheet.mounted && (
        <Suspense fallback={null}>
          <CartSheetContent
            open={sheet.open}
            onOpenChange={sheet.setOpen}
            cart={cart}
            userId={userId}
            countLabel={countLabel}
            triggerRef={sheet.triggerRef}
          />
        </Suspense>
      )}
    </>
  )
}
