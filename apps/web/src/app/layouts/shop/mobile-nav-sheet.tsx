import { HeartIcon, PackageIcon } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import { Separator } from '@/components/ui/separator'
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet'
import { Logo } from '@/app/components/logo'
import { SHOP_NAV_ITEMS, ShopNavLink } from './shop-nav'

const drawerLink =
  'flex min-h-12 items-center gap-3 rounded-md px-3 text-base font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[current=page]:bg-accent aria-[current=page]:text-primary [&_svg]:size-5 [&_svg]:text-muted-foreground'

/** The phone navigation drawer, loaded on demand by the header's menu button (shop-header.tsx). */
export function MobileNavSheet({
  open,
  onOpenChange,
  showOrders,
  triggerRef,
}: {
  open: boolean
  onOpenChange(open: boolean): void
  showOrders: boolean
  triggerRef: React.RefObject<HTMLButtonElement | null>
}) {
  const close = () => onOpenChange(false)
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        className="gap-0"
        // There is no Radix trigger (the header's button is plain), so focus goes back by hand.
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          triggerRef.current?.focus()
        }}
      >
        <SheetHeader>
          <Logo className="self-start" />
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SheetDescription className="sr-only">Shop navigation</SheetDescription>
        </SheetHeader>
        <nav aria-label="Main" className="overflow-y-auto p-3">
          <ul className="flex flex-col gap-1">
            {SHOP_NAV_ITEMS.map((item) => (
              <li key={item.label}>
                <ShopNavLink item={item} onNavigate={close} className={drawerLink}>
                  <item.icon aria-hidden="true" />
                  {item.label}
                </ShopNavLink>
              </li>
            ))}
          </ul>
          {showOrders && (
            <>
              <Separator className="my-3" />
              <Link to="/shop/account" onClick={close} className={drawerLink}>
                <PackageIcon aria-hidden="true" />
                My Orders
              </Link>
              <Link to="/wishlist" onClick={close} className={drawerLink}>
                <HeartIcon aria-hidden="true" />
                Wishlist
              </Link>
            </>
          )}
        </nav>
      </SheetContent>
    </Sheet>
  )
}
