import {
  ORDER_PAYMENT_METHODS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_METHOD_LABELS,
  type OrderPaymentMethod,
  type OrderStatus,
} from '@techbazaar/shared'
import { DownloadIcon, SearchIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useSellerOptions } from '@/lib/back-office/seller-options'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { ordersExportUrl, type OrdersFilter } from '../api/get-admin-orders'
import type { useOrdersFilter } from './use-orders-filter'

const selectClass =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50'

type Controls = Omit<ReturnType<typeof useOrdersFilter>, 'filter' | 'setPage'>

/**
 * The admin table's filters (issue 31, item 8): a search over the customer's name, email and
 * phone and the order number (applied as you type), the status, the days placed, the payment
 * method and the seller; and the same orders as a CSV download.
 */
export function OrdersFilters({ filter, controls }: { filter: OrdersFilter; controls: Controls }) {
  const [text, setText] = useState(filter.q ?? '')
  const typed = useDebouncedValue(text, 400)
  useEffect(() => {
    if (typed.trim() !== (filter.q ?? '')) controls.setQuery(typed)
    // Only a settled change of the box searches; the filter itself changing must not loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed])
  const sellers = useSellerOptions()
  // An end before the start finds nothing: the other end follows the one just changed.
  const setFrom = (from: string) =>
    controls.setDays({ from, to: filter.to && from && filter.to < from ? from : filter.to })
  const setTo = (to: string) =>
    controls.setDays({ from: filter.from && to && filter.from > to ? to : filter.from, to })

  return (
    <div role="search" aria-label="Filter orders" className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
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
              placeholder="Name, email, phone or order number"
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
            onChange={(event) =>
              controls.setStatus((event.target.value || undefined) as OrderStatus | undefined)
            }
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
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[10rem_10rem_12rem_minmax(0,1fr)_auto] lg:items-end">
        <div className="flex flex-col gap-2">
          <Label htmlFor="orders-from">Placed from</Label>
          <Input
            id="orders-from"
            type="date"
            className="h-11"
            value={filter.from ?? ''}
            max={filter.to}
            onChange={(event) => setFrom(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="orders-to">Placed to</Label>
          <Input
            id="orders-to"
            type="date"
            className="h-11"
            value={filter.to ?? ''}
            min={filter.from}
            onChange={(event) => setTo(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="orders-method">Payment method</Label>
          <select
            id="orders-method"
            className={selectClass}
            value={filter.paymentMethod ?? ''}
            onChange={(event) =>
              controls.setMethod(
                (event.target.value || undefined) as OrderPaymentMethod | undefined,
              )
            }
          >
            <option value="">All methods</option>
            {ORDER_PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {PAYMENT_METHOD_LABELS[method]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="orders-seller">Seller</Label>
          <select
            id="orders-seller"
            className={selectClass}
            value={filter.sellerId ?? ''}
            aria-busy={sellers.isPending}
            onChange={(event) => controls.setSeller(event.target.value || undefined)}
          >
            <option value="">All sellers</option>
            {filter.sellerId && !sellers.data?.some((s) => s.id === filter.sellerId) && (
              <option value={filter.sellerId}>
                {sellers.isPending ? 'Loading sellers…' : 'Unknown seller'}
              </option>
            )}
            {sellers.data?.map((seller) => (
              <option key={seller.id} value={seller.id}>
                {seller.label}
              </option>
            ))}
          </select>
        </div>
        <Button asChild variant="outline" className="col-span-2 h-11 lg:col-span-1">
          <a href={ordersExportUrl(filter)} download>
            <DownloadIcon aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </div>
    </div>
  )
}
