import { formatRupees } from '@techbazaar/shared'
import {
  BanknoteIcon,
  ClockIcon,
  SendIcon,
  TrendingDownIcon,
  WalletIcon,
  type LucideIcon,
} from 'lucide-react'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import type { Earnings } from '../api/get-earnings'

type TotalKey = keyof Earnings['totals']

/** The balances the API gives, and only those: each a sum of the seller's ledger entries. */
const CARDS: { key: TotalKey; label: string; note: string; icon: LucideIcon }[] = [
  {
    key: 'onHold',
    label: 'On hold',
    note: 'Delivered parts inside their return window, or with a return open.',
    icon: ClockIcon,
  },
  {
    key: 'payable',
    label: 'Payable',
    note: 'Past the return window with no return open, not in a payout yet.',
    icon: WalletIcon,
  },
  {
    key: 'inPayout',
    label: 'In payout',
    note: 'In a payout being approved or sent to the bank.',
    icon: SendIcon,
  },
  {
    key: 'paid',
    label: 'Paid',
    note: 'Paid out to the bank account, all time.',
    icon: BanknoteIcon,
  },
  {
    key: 'carriedNegative',
    label: 'Carried negative',
    note: 'Fees kept on goods returned after they turned payable, set against later earnings.',
    icon: TrendingDownIcon,
  },
]

/** Carried negative only matters when there is some: the other four always show. */
const shown = (totals: Earnings['totals']) =>
  CARDS.filter(({ key }) => key !== 'carriedNegative' || totals.carriedNegative !== 0)

/** The balances as cards, as many to a row as fit (one on phones). */
export function EarningsSummary({ totals }: { totals: Earnings['totals'] }) {
  return (
    <section aria-labelledby="balances-title" className="flex flex-col gap-3">
      <h2 id="balances-title" className="text-lg font-semibold">
        Balances
      </h2>
      <dl className="grid grid-cols-[repeat(auto-fit,minmax(14rem,1fr))] gap-3">
        {shown(totals).map(({ key, label, note, icon: Icon }) => {
          const amount = totals[key]
          return (
            <div key={key} className="flex gap-3 rounded-xl border bg-background p-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div className="flex min-w-0 flex-col gap-0.5">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd
                  className={cn(
                    'tabular text-xl font-bold break-words',
                    amount < 0 && 'text-destructive',
                  )}
                >
                  {formatRupees(amount)}
                </dd>
                <dd className="text-xs text-muted-foreground">{note}</dd>
              </div>
            </div>
          )
        })}
      </dl>
    </section>
  )
}

/** The balances' shape while they load, so nothing jumps when they arrive. */
export function EarningsSummaryLoading() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading balances"
      className="grid grid-cols-[repeat(auto-fit,minmax(14rem,1fr))] gap-3"
    >
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-28 w-full rounded-xl" />
      ))}
    </div>
  )
}
