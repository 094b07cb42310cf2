import type { SessionUser } from '@techbazaar/shared'
import type { LucideIcon } from 'lucide-react'
import {
  BadgeCheckIcon,
  BanknoteIcon,
  Building2Icon,
  CalendarClockIcon,
  ClockIcon,
  FileClockIcon,
  FileSpreadsheetIcon,
  ImagesIcon,
  LandmarkIcon,
  LayoutDashboardIcon,
  LogOutIcon,
  MenuIcon,
  PackageIcon,
  PercentIcon,
  ReceiptIndianRupeeIcon,
  ShoppingCartIcon,
  TicketPercentIcon,
  TruckIcon,
  MessageSquareWarningIcon,
  Undo2Icon,
  UserPlusIcon,
  WalletIcon,
  XCircleIcon,
} from 'lucide-react'
import { useState } from 'react'
import { Link, NavLink, Outlet } from 'react-router'
import { Button } from '@/components/ui/button'
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet'
import { useSession } from '@/lib/session/get-session'
import { useLogout } from '@/features/auth/api/logout'
import { ConsentNotice } from '@/app/components/consent-notice'
import { LogoMark } from '@/app/components/logo'
import { NavigationProgress } from '@/app/components/navigation-progress'
import { SkipLink } from '@/app/components/skip-link'
import { CareEmailLink } from '@/features/static-pages/components/company-details'
import { cn } from '@/lib/utils'
import {
  BACK_OFFICE_LANDING,
  backOfficeNav,
  type BackOfficeLink,
  type BackOfficePath,
} from '@/app/back-office-pages'

/** One icon per back-office page: a page added to the list does not compile without one. */
const NAV_ICONS: Record<BackOfficePath, LucideIcon> = {
  dashboard: LayoutDashboardIcon,
  products: PackageIcon,
  orders: ShoppingCartIcon,
  returns: Undo2Icon,
  grievances: MessageSquareWarningIcon,
  refunds: ReceiptIndianRupeeIcon,
  payouts: BanknoteIcon,
  settlements: LandmarkIcon,
  commission: PercentIcon,
  'tax-reports': FileSpreadsheetIcon,
  shipments: TruckIcon,
  'signup-vendor': UserPlusIcon,
  'vendor-verificaton': BadgeCheckIcon,
  features: ImagesIcon,
  coupons: TicketPercentIcon,
  'scheduled-sales': CalendarClockIcon,
  'business-address': Building2Icon,
  earnings: WalletIcon,
  'late-credits': FileClockIcon,
}

const ADMIN_NAV = backOfficeNav('admin')
const VENDOR_NAV = backOfficeNav('vendor')

export function AdminLayout() {
  const { user } = useSession()
  const isVendor = user?.type === 'vendor'
  const [menuOpen, setMenuOpen] = useState(false)

  return (
    <div className="flex min-h-dvh w-full bg-muted/40">
      <SkipLink />
      <NavigationProgress />
      {!isVendor && (
        <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r bg-background lg:flex">
          <PanelTitle />
          <AdminNav items={ADMIN_NAV} />
        </aside>
      )}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex min-h-16 flex-wrap items-center gap-x-2 border-b bg-background px-3 sm:px-6 xl:flex-nowrap">
          {isVendor ? (
            <>
              <Link
                to={BACK_OFFICE_LANDING.vendor}
                className="mr-2 inline-flex min-h-16 items-center gap-2 rounded-md font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <LogoMark className="size-7" />
                Seller Hub
              </Link>
              {/* Below 1280 px the eight sections get a row of their own (two rows of four on
                  phones), labels under the icons. */}
              <nav
                aria-label="Seller"
                className="order-last w-full border-t xl:order-none xl:w-auto xl:border-t-0"
              >
                <ul className="grid grid-cols-4 gap-1 py-1 sm:grid-cols-8 xl:flex xl:py-0">
                  {VENDOR_NAV.map((item) => (
                    <li key={item.to}>
                      <NavLink
                        to={item.to}
                        className="flex h-12 flex-col items-center justify-center gap-0.5 rounded-md px-1 text-xs font-medium text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[current=page]:bg-accent aria-[current=page]:text-primary xl:h-11 xl:flex-row xl:gap-1.5 xl:px-2.5 xl:text-sm"
                      >
                        <NavIcon path={item.path} className="size-4" />
                        {item.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
            </>
          ) : (
            <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
              <SheetTrigger asChild>
                <Button variant="outline" size="icon" className="size-11 lg:hidden">
                  <MenuIcon aria-hidden="true" className="size-5" />
                  <span className="sr-only">Toggle Menu</span>
                </Button>
              </SheetTrigger>
              <Link
                to={BACK_OFFICE_LANDING.admin}
                className="inline-flex min-h-11 items-center gap-2 rounded-md px-1 font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 lg:hidden"
              >
                <LogoMark className="size-7" />
                Admin Panel
              </Link>
              <SheetContent side="left" className="w-72 max-w-[85vw] gap-0 p-0">
                <SheetHeader className="gap-0 border-b-0 p-0 pr-14">
                  <PanelTitle onNavigate={() => setMenuOpen(false)} />
                  <SheetTitle className="sr-only">Admin menu</SheetTitle>
                  <SheetDescription className="sr-only">Admin navigation</SheetDescription>
                </SheetHeader>
                <AdminNav items={ADMIN_NAV} onNavigate={() => setMenuOpen(false)} />
              </SheetContent>
            </Sheet>
          )}
          <div className="ml-auto flex items-center gap-3">
            {user && (
              <span className="hidden max-w-48 truncate text-sm text-muted-foreground sm:block xl:max-w-32 2xl:max-w-48">
                {user.userName}
              </span>
            )}
            <LogoutButton />
          </div>
        </header>

        <main
          id="main-content"
          tabIndex={-1}
          className="flex w-full flex-1 flex-col gap-6 px-4 py-6 outline-none sm:px-6 lg:px-8"
        >
          {isVendor && user && <VendorStatusBanner status={user.vendorStatus} />}
          <Outlet />
        </main>
      </div>
      <ConsentNotice />
    </div>
  )
}

function PanelTitle({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="flex h-16 items-center border-b px-4">
      <Link
        to={BACK_OFFICE_LANDING.admin}
        onClick={onNavigate}
        className="inline-flex min-h-11 items-center gap-2 rounded-md text-lg font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <LogoMark className="size-7" />
        Admin Panel
      </Link>
    </div>
  )
}

function NavIcon({ path, className }: { path: BackOfficePath; className: string }) {
  const Icon = NAV_ICONS[path]
  return <Icon aria-hidden="true" className={className} />
}

function AdminNav({ items, onNavigate }: { items: BackOfficeLink[]; onNavigate?: () => void }) {
  return (
    <nav aria-label="Admin" className="flex-1 overflow-y-auto p-3">
      <ul className="flex flex-col gap-1">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  isActive && 'bg-primary/10 text-primary hover:bg-primary/10 hover:text-primary',
                )
              }
            >
              <NavIcon path={item.path} className="size-5" />
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function LogoutButton() {
  const logout = useLogout()
  return (
    <Button
      variant="outline"
      onClick={() => logout.mutate()}
      disabled={logout.isPending}
      className="size-11 px-0 sm:h-10 sm:w-auto sm:px-4"
    >
      <LogOutIcon aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">Logout</span>
    </Button>
  )
}

/** Pending and rejected sellers can sign in, but the shop does not list their products. */
function VendorStatusBanner({ status }: { status: SessionUser['vendorStatus'] }) {
  if (status !== 'Pending' && status !== 'Rejected') return null
  const pending = status === 'Pending'
  const Icon = pending ? ClockIcon : XCircleIcon
  return (
    <div
      role="status"
      className={cn(
        'flex items-start gap-3 rounded-lg border p-4 text-sm',
        pending
          ? 'border-amber-300 bg-amber-50 text-amber-900'
          : 'border-destructive/30 bg-destructive/5 text-destructive',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>
        {pending ? (
          <>
            <strong className="font-semibold">Your seller account is pending approval.</strong> You
            can add products and upload images as soon as an admin approves your account.
          </>
        ) : (
          <>
            <strong className="font-semibold">Your seller account was rejected.</strong> Your
            products are not listed in the shop. Contact{' '}
            <CareEmailLink className="underline underline-offset-4" /> to appeal.
          </>
        )}
      </p>
    </div>
  )
}
