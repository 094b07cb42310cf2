import type { LucideIcon } from 'lucide-react'
import { CableIcon, HouseIcon, SearchIcon, SmartphoneIcon } from 'lucide-react'
import type * as React from 'react'
import { categoryPath } from '@techbazaar/shared'
import { Link, useLocation, useSearchParams } from 'react-router'
import { cn } from '@/lib/utils'

export const LISTING_PATH = '/shop/listing'

export interface ShopNavItem {
  label: string
  to: string
  icon: LucideIcon
  /** Category items filter the listing instead of naming a page. */
  category?: string
}

export const SHOP_NAV_ITEMS: ShopNavItem[] = [
  { label: 'Home', to: '/', icon: HouseIcon },
  // Each category's landing page (issue 29), which search engines index.
  {
    label: 'Electronics',
    to: categoryPath('electronics'),
    icon: SmartphoneIcon,
    category: 'electronics',
  },
  {
    label: 'Accessories',
    to: categoryPath('accessories'),
    icon: CableIcon,
    category: 'accessories',
  },
  { label: 'Search', to: '/shop/search', icon: SearchIcon },
]

/**
 * A header navigation link. On the listing itself a category link changes only the `category`
 * query parameter, so the shopper's other filters and sort survive (spec §2, Shop layout).
 */
export function ShopNavLink({
  item,
  className,
  onNavigate,
  children,
  ...props
}: Omit<React.ComponentProps<typeof Link>, 'to'> & {
  item: ShopNavItem
  onNavigate?: () => void
}) {
  const { pathname } = useLocation()
  const [searchParams, setSearchParams] = useSearchParams()
  const onListing = pathname.toLowerCase() === LISTING_PATH

  const active = item.category
    ? pathname === item.to || (onListing && searchParams.get('category') === item.category)
    : pathname === item.to.split('?')[0]

  function handleClick(event: React.MouseEvent<HTMLAnchorElement>) {
    onNavigate?.()
    const plainClick =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
    if (!item.category || !onListing || !plainClick) return
    event.preventDefault()
    const category = item.category
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous)
      next.set('category', category)
      // A new category starts at its first page.
      next.delete('page')
      return next
    })
  }

  return (
    <Link
      to={item.to}
      aria-current={active ? 'page' : undefined}
      onClick={handleClick}
      className={cn(className)}
      {...props}
    >
      {children ?? item.label}
    </Link>
  )
}
