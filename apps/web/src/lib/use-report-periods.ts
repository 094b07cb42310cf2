import { useState } from 'react'
import { useSearchParams } from 'react-router'
import {
  addMonths,
  formatMonth,
  formatQuarter,
  parseQuarterKey,
  quarterKey,
  quarterOf,
  quartersBetween,
  monthsBetween,
  shopMonth,
  type FyQuarter,
} from './report-periods'
import { withChanges } from './search-params'

/** How many months a picker offers when nothing says where the history starts. */
const MONTHS_WITHOUT_HISTORY = 12

/**
 * A report page's month and quarter, kept in the address (?month=2026-10&quarter=2026-Q3) so a
 * reload or a shared link shows the same period. The months offered run from `firstMonth` (the
 * seller's first ledger entry; the last 12 months when unknown) to this month in India, newest
 * first. The default is last month, the latest whole one (or the newest offered, for a history
 * that began this month), and the default quarter the one it falls in. A value in the address
 * that is not offered falls back to the default.
 */
export function useReportPeriods(firstMonth?: string | null) {
  const [params, setParams] = useSearchParams()
  // Read once, like any clock in a render: the months offered stay put while the page is open.
  const [thisMonth] = useState(() => shopMonth())
  const first =
    firstMonth && firstMonth <= thisMonth
      ? firstMonth
      : addMonths(thisMonth, 1 - MONTHS_WITHOUT_HISTORY)
  const months = monthsBetween(first, thisMonth)
  const quarters = quartersBetween(first, thisMonth)

  const lastMonth = addMonths(thisMonth, -1)
  const defaultMonth = months.includes(lastMonth) ? lastMonth : thisMonth
  const asked = params.get('month')
  const month = asked && months.includes(asked) ? asked : defaultMonth

  const keys = quarters.map(quarterKey)
  const askedQuarter = parseQuarterKey(params.get('quarter'))
  const quarter: FyQuarter =
    askedQuarter && keys.includes(quarterKey(askedQuarter)) ? askedQuarter : quarterOf(defaultMonth)

  const set = (changes: Partial<Record<'month' | 'quarter', string>>) =>
    setParams((current) => withChanges(current, changes), { replace: true })
  return {
    month,
    quarter,
    monthOptions: months.map((value) => ({ value, label: formatMonth(value) })),
    quarterOptions: quarters.map((q) => ({ value: quarterKey(q), label: formatQuarter(q) })),
    setMonth: (next: string) => set({ month: next }),
    setQuarter: (next: string) => set({ quarter: next }),
  }
}
