import type { LucideIcon } from 'lucide-react'
import {
  BadgeCheckIcon,
  ChartNoAxesCombinedIcon,
  ImagesIcon,
  PackageIcon,
  ShoppingCartIcon,
  UserPlusIcon,
} from 'lucide-react'
import { Link } from 'react-router'

const SHORTCUTS: { label: string; text: string; to: string; icon: LucideIcon }[] = [
  {
    label: 'Products',
    text: 'Add, edit and price products',
    to: '/admin/products',
    icon: PackageIcon,
  },
  {
    label: 'Orders',
    text: 'Review and update order status',
    to: '/admin/orders',
    icon: ShoppingCartIcon,
  },
  {
    label: 'Sign up vendor',
    text: 'Create a seller account',
    to: '/admin/signup-vendor',
    icon: UserPlusIcon,
  },
  {
    label: 'Verification',
    text: 'Approve or reject sellers',
    to: '/admin/vendor-verificaton',
    icon: BadgeCheckIcon,
  },
  { label: 'Feature Images', text: 'Home page banners', to: '/admin/features', icon: ImagesIcon },
]

/** /admin/dashboard: the spec's heading, the owner's numbers once the dashboard service exists. */
export default function DashboardPage() {
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <title>Dashboard | TechBazaar Admin</title>
      <h1
        id="page-title"
        className="text-2xl font-bold tracking-tight first-letter:uppercase sm:text-3xl"
      >
        admin features
      </h1>

      <div className="flex items-start gap-4 rounded-xl border border-dashed bg-background p-6">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <ChartNoAxesCombinedIcon aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 className="font-semibold">Store numbers are coming soon</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Orders and revenue for today and this month, pending vendors and low-stock products will
            appear here. Until then, the shortcuts below lead to each admin screen.
          </p>
        </div>
      </div>

      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {SHORTCUTS.map(({ label, text, to, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex min-h-11 items-center gap-3 rounded-lg border bg-background p-4 transition-colors outline-none hover:border-primary/40 hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
              <span>
                <span className="block font-medium">{label}</span>
                <span className="block text-sm text-muted-foreground">{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
