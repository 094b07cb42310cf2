import { formatRupees } from '@techbazaar/shared'
import { ClockIcon, TrendingDownIcon, WalletIcon, type LucideIcon } from 'lucide-react'
import { cn } from '@/lib/utils'
import type { Earnings } from '../api/get-earnings'

/** The balances the API gives, and only those: each a sum of the seller's ledger entries. */
const CARDS: {
  key: keyof Earnings['totals']
  label: string
  note: string
  icon: LucideIcon
}[] = [
  {
    key: 'onHold',
    label: 'On hold',
    note: 'Delivered parts inside their return window, or with a return open.',
    icon: ClockIcon,
  },
  {
    key: 'payable',
    label: 'Payable',
    note: 'Past the return window with no return open.',
    icon: WalletIcon,
  },
  {
    key: 'carriedNegative',
    label: 'Carried negative',
    note: 'Fees kept on goods returned after they turned payable, set against later earnings.',
    icon: TrendingDownIcon,
  },
]

/** On hold, payable and carried negative, as cards: one column on phones, three from 640 px. */
export function EarningsSummary({ totals }: { totals: Earnings['totals'] }) {
  return (
    <section aria-labelledby="balances-title" className="flex flex-col gap-3">
      <h2 id="balances-title" className="text-lg font-semibold">
        Balances
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {CARDS.map(({ key, label, note, icon: Icon }) => {
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
