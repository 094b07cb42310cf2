import type { LucideIcon } from 'lucide-react'
import {
  BadgeIndianRupeeIcon,
  ChartNoAxesCombinedIcon,
  CableIcon,
  HeadphonesIcon,
  PackageIcon,
  ShieldCheckIcon,
  SmartphoneIcon,
  StoreIcon,
  TruckIcon,
  WatchIcon,
} from 'lucide-react'
import { Outlet, useLocation } from 'react-router'
import { Logo } from '@/app/components/logo'
import { NavigationProgress } from '@/app/components/navigation-progress'
import { SkipLink } from '@/app/components/skip-link'
import { cn } from '@/lib/utils'

const PANELS = {
  shop: {
    heading: 'Welcome to TechBazaar',
    text: 'Your one-stop shop for the latest tech gadgets and accessories',
    tiles: [SmartphoneIcon, HeadphonesIcon, WatchIcon, CableIcon],
    perks: [
      { icon: TruckIcon, label: 'Delivery across India, tracked to your door' },
      { icon: ShieldCheckIcon, label: 'Genuine products with GST invoice' },
    ],
  },
  seller: {
    heading: 'Welcome to the TechBazaar Seller Portal',
    text: 'Manage your store, products, and orders with ease',
    tiles: [StoreIcon, PackageIcon, ChartNoAxesCombinedIcon, BadgeIndianRupeeIcon],
    perks: [
      { icon: PackageIcon, label: 'List products in minutes' },
      { icon: BadgeIndianRupeeIcon, label: 'Track every order and payout' },
    ],
  },
} satisfies Record<
  string,
  {
    heading: string
    text: string
    tiles: LucideIcon[]
    perks: { icon: LucideIcon; label: string }[]
  }
>

/** Sign-in and registration: a promotional panel on large screens, the form beside it. */
export function AuthLayout() {
  const { pathname } = useLocation()
  const panel = pathname.toLowerCase().startsWith('/register/seller') ? PANELS.seller : PANELS.shop
  return (
    <div className="flex min-h-dvh w-full">
      <SkipLink />
      <NavigationProgress />
      <aside className="relative hidden w-1/2 max-w-2xl overflow-hidden bg-linear-to-br from-primary via-primary to-indigo-900 px-12 text-primary-foreground lg:flex lg:flex-col lg:justify-center xl:px-16">
        <DecorativeShapes />
        <div className="relative max-w-md">
          <IconCluster icons={panel.tiles} />
          <h2 className="mt-10 text-4xl font-bold tracking-tight text-balance">{panel.heading}</h2>
          <p className="mt-4 text-lg text-primary-foreground/85">{panel.text}</p>
          <ul className="mt-8 flex flex-col gap-3 text-sm text-primary-foreground/90">
            {panel.perks.map(({ icon: Icon, label }) => (
              <li key={label} className="flex items-center gap-3">
                <span className="flex size-8 items-center justify-center rounded-full bg-white/15">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                {label}
              </li>
            ))}
          </ul>
        </div>
      </aside>

      <div className="flex flex-1 flex-col bg-background">
        <header className="flex h-16 items-center px-4 sm:px-8">
          <Logo />
        </header>
        <main
          id="main-content"
          tabIndex={-1}
          className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 outline-none sm:items-center sm:px-8 sm:pt-0"
        >
          <div className="w-full max-w-md">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  )
}

/** A loose 2×2 of device tiles: an illustration made of the shop's own icons. */
function IconCluster({ icons }: { icons: LucideIcon[] }) {
  const offsets = ['', 'translate-y-6', '-translate-y-2', 'translate-y-4']
  return (
    <div aria-hidden="true" className="grid w-56 grid-cols-2 gap-4">
      {icons.map((Icon, index) => (
        <div
          key={index}
          className={cn(
            'flex aspect-square items-center justify-center rounded-2xl bg-white/12 shadow-lg ring-1 ring-white/20 backdrop-blur-sm',
            index === 1 && 'bg-deal/90 ring-deal',
            offsets[index],
          )}
        >
          <Icon className="size-10" strokeWidth={1.5} />
        </div>
      ))}
    </div>
  )
}

function DecorativeShapes() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      <div className="absolute -top-24 -right-24 size-80 rounded-full bg-white/10" />
      <div className="absolute -bottom-32 -left-20 size-96 rounded-full bg-white/5" />
      <div className="absolute right-16 bottom-20 size-24 rotate-12 rounded-3xl border border-white/20" />
    </div>
  )
}
