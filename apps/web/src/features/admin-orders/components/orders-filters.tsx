import {
  ORDER_PAYMENT_METHODS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_METHOD_LABELS,
  type OrderPaymentMethod,
  type OrderStatus,
} from '@techbazaar/shared'
import { DownloadIcon } from 'lucide-react'
import {
  FilterSearch,
  filterSelectClass,
  SellerFilter,
} from '@/components/back-office/list-filters'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { ordersExportUrl, type OrdersFilter } from '../api/get-admin-orders'
import type { useOrdersFilter } from './use-orders-filter'

type Controls = Omit<ReturnType<typeof useOrdersFilter>, 'filter' | 'setPage'>

/**
 * The admin table's filters (issue 31, item 8): a search over the customer's name, email and
 * phone and the order number (applied as you type), the status, the days placed, the payment
 * method and the seller; and the same orders as a CSV download.
 */
export function OrdersFilters({ filter, controls }: { filter: OrdersFilter; controls: Controls }) {
  // An end before the start finds nothing: the other end follows the one just changed.
  const setFrom = (from: string) =>
    controls.setDays({ from, to: filter.to && from && filter.to < from ? from : filter.to })
  const setTo = (to: string) =>
    controls.setDays({ from: filter.from && to && filter.from > to ? to : filter.from, to })

  return (
    <div role="search" aria-label="Filter orders" className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <FilterSearch
          id="orders-search"
          label="Search customer"
          placeholder="Name, email, phone or order number"
          value={filter.q}
          onSearch={controls.setQuery}
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor="orders-status">Status</Label>
          <select
            id="orders-status"
            className={filterSelectClass}
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
            className={filterSelectClass}
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
        <SellerFilter id="orders-seller" value={filter.sellerId} onChange={controls.setSeller} />
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
