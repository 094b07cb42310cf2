import { MenuIcon, PackageIcon } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { CartSheet } from '@/features/cart/components/cart-sheet'
import { WishlistLink } from '@/features/wishlist/components/wishlist-link'
import { useSession } from '@/lib/session/get-session'
import { Logo } from '@/app/components/logo'
import { HeaderSearch } from '@/features/catalog/components/header-search/header-search'
import { useLazySheet } from '@/lib/use-lazy-sheet'
import { SHOP_NAV_ITEMS, ShopNavLink } from './shop-nav'
import { UserMenu } from './user-menu'

const loadMobileNavSheet = () => import('./mobile-nav-sheet')
const MobileNavSheet = lazy(() =>
  loadMobileNavSheet().then((module) => ({ default: module.MobileNavSheet })),
)

const desktopLink =
  'inline-flex h-10 items-center gap-2 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[current=page]:text-primary'

/** The storefront's sticky header: brand, navigation, cart, orders and the account menu. */
export function ShopHeader() {
  const { user } = useSession()
  const isStaff = user?.role === 'admin'
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-backdrop-filter:bg-background/80">
      {/* Below 768 px the search box takes a row of its own under the others. */}
      <div className="mx-auto flex min-h-16 w-full max-w-7xl flex-wrap items-center gap-x-1 px-3 sm:gap-x-2 sm:px-6 md:flex-nowrap lg:px-8">
        <MobileNav showOrders={!isStaff} />
        <Logo className="mr-2 md:mr-4" />

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {SHOP_NAV_ITEMS.filter((item) => item.label !== 'Search').map((item) => (
              <li key={item.label}>
                <ShopNavLink item={item} className={desktopLink} />
              </li>
            ))}
          </ul>
        </nav>

        <HeaderSearch className="order-last mb-2 basis-full md:order-none md:mb-0 md:ml-2 md:max-w-md md:flex-1 md:basis-auto lg:ml-4" />

        <div className="ml-auto flex h-16 items-center gap-1 sm:gap-2">
          {/* Below 640 px the drawer has the wishlist: no room beside the cart and the menu. */}
          {!isStaff && <WishlistLink className="hidden sm:inline-flex" />}
          {!isStaff && <CartSheet />}
          {!isStaff && (
            <Button variant="ghost" asChild className="hidden md:inline-flex">
              <Link to="/shop/account">
                <PackageIcon aria-hidden="true" />
                My Orders
              </Link>
            </Button>
          )}
          <UserMenu user={user} />
        </div>
      </div>
    </header>
  )
}

/**
 * Below 1024 px the navigation lives in a drawer with the same items (a tablet in portrait has
 * no room for it beside the cart, My Orders and the account menu). Only the button is part of
 * the first paint; the drawer's code loads when the pointer or the focus comes to the button,
 * at the latest on the first tap (page budget, issue 7).
 */
function MobileNav({ showOrders }: { showOrders: boolean }) {
  const sheet = useLazySheet(loadMobileNavSheet)
  return (
    <>
      <Button
        {...sheet.triggerProps}
        variant="ghost"
        size="icon"
        className="size-11 lg:hidden"
        aria-label="Open menu"
      >
        <MenuIcon aria-hidden="true" className="size-6" />
      </Button>
      {sheet.mounted && (
        <Suspense fallback={null}>
          <MobileNavSheet
            open={sheet.open}
            onOpenChange={sheet.setOpen}
            showOrders={showOrders}
            triggerRef={sheet.triggerRef}
          />
        </Suspense>
      )}
    </>
  )
}
