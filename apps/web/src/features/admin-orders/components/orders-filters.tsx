import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@techbazaar/shared'
import { SearchIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import type { OrdersFilter } from '../api/get-admin-orders'

const selectClass =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50'

/** The admin table's filters: a status and a search over the customer (applied as you type). */
export function OrdersFilters({
  filter,
  onStatus,
  onQuery,
}: {
  filter: OrdersFilter
  onStatus: (status: OrderStatus | undefined) => void
  onQuery: (q: string) => void
}) {
  const [text, setText] = useState(filter.q ?? '')
  const typed = useDebouncedValue(text, 400)
  useEffect(() => {
    if (typed.trim() !== (filter.q ?? '')) onQuery(typed)
    // Only a settled change of the box searches; the filter itself changing must not loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed])

  return (
    <div
      role="search"
      aria-label="Filter orders"
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]"
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor="orders-search">Search customer</Label>
        <div className="relative">
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="orders-search"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Name, email or order number"
            maxLength={100}
            className="h-11 pl-9"
          />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="orders-status">Status</Label>
        <select
          id="orders-status"
          className={selectClass}
          value={filter.status ?? ''}
          onChange={(event) => onStatus((event.target.value || undefined) as OrderStatus)}
        >
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
