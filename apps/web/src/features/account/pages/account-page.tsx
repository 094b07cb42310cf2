import { MapPin, MessageSquareWarning, Package, ShieldCheck, UserRound } from 'lucide-react'
import { Tabs } from 'radix-ui'
import { useSearchParams } from 'react-router'
import { useSession } from '@/lib/session/get-session'
import { AddressBook } from '../components/address-book'
import { OrdersTab } from '../components/orders-tab'
import { PrivacyTab } from '../components/privacy-tab'
import { TicketsTab } from '../components/tickets-tab'
import { UserTab } from '../components/user-tab'
import { DocumentTitle } from '@/components/document-title'

const TABS = [
  { value: 'orders', label: 'Orders', icon: Package },
  { value: 'tickets', label: 'Tickets', icon: MessageSquareWarning },
  { value: 'address', label: 'Address', icon: MapPin },
  { value: 'user', label: 'User', icon: UserRound },
  { value: 'privacy', label: 'Privacy', icon: ShieldCheck },
] as const
type TabValue = (typeof TABS)[number]['value']

const isTab = (value: string | null): value is TabValue => TABS.some((tab) => tab.value === value)

/** /shop/account: Orders, Tickets (complaints), Address, User and Privacy tabs; the open tab is kept in `?tab=` for links. */
export default function AccountPage() {
  const { user } = useSession()
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const tab: TabValue = isTab(requested) ? requested : 'orders'
  // The route guard only lets signed-in shoppers here.
  if (!user) return null

  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 lg:px-8"
    >
      <DocumentTitle>My Account | TechBazaar</DocumentTitle>
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          My Account
        </h1>
        <p className="text-sm text-muted-foreground">
          Hello {user.userName}: your orders, tickets, delivery addresses, details and privacy.
        </p>
      </div>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setParams({ tab: value }, { replace: true })}
        className="flex flex-col gap-6"
      >
        <Tabs.List
          aria-label="Account sections"
          className="inline-flex w-full gap-1 self-start rounded-lg bg-muted p-1 sm:w-auto"
        >
          {TABS.map(({ value, label, icon: Icon }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="inline-flex h-10 min-w-0 flex-1 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm sm:flex-none sm:gap-2 sm:px-4"
            >
              {/* Five tabs fill a 360 px phone with their names alone: icons from 640 px. */}
              <Icon className="hidden size-4 shrink-0 sm:block" aria-hidden="true" />
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="orders" className="outline-none">
          <OrdersTab />
        </Tabs.Content>
        <Tabs.Content value="tickets" className="outline-none">
          <TicketsTab />
        </Tabs.Content>
        <Tabs.Content value="address" className="outline-none">
          <AddressBook />
        </Tabs.Content>
        <Tabs.Content value="user" className="outline-none">
          <UserTab user={user} />
        </Tabs.Content>
        <Tabs.Content value="privacy" className="outline-none">
          <PrivacyTab />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  )
}
