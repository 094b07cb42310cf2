import {
  ADMIN_PRODUCT_STATUS_LABELS,
  ADMIN_PRODUCT_STATUSES,
  type AdminProductStatus,
} from '@techbazaar/shared'
import { SearchIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { useSellerOptions } from '@/lib/back-office/seller-options'
import type { ProductsFilter } from '../api/get-admin-products'

const selectClass =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50'

/**
 * The product list's filters: a search over titles and brands (applied as you type), the
 * status, and for an admin the seller.
 */
export function ProductsFilters({
  filter,
  isAdmin,
  onQuery,
  onStatus,
  onSeller,
}: {
  filter: ProductsFilter
  isAdmin: boolean
  onQuery: (q: string) => void
  onStatus: (status: AdminProductStatus | undefined) => void
  onSeller: (sellerId: string | undefined) => void
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
      aria-label="Filter products"
      className={
        isAdmin
          ? 'grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_14rem_14rem]'
          : 'grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]'
      }
    >
      <div className="flex flex-col gap-2 sm:col-span-2 lg:col-span-1">
        <Label htmlFor="products-search">Search products</Label>
        <div className="relative">
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="products-search"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Title or brand"
            maxLength={100}
            className="h-11 pl-9"
          />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="products-status">Status</Label>
        <select
          id="products-status"
          className={selectClass}
          value={filter.status ?? ''}
          onChange={(event) =>
            onStatus((event.target.value || undefined) as AdminProductStatus | undefined)
          }
        >
          <option value="">All statuses</option>
          {ADMIN_PRODUCT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ADMIN_PRODUCT_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      {isAdmin && <SellerSelect value={filter.sellerId} onChange={onSeller} />}
    </div>
  )
}

function SellerSelect({
  value,
  onChange,
}: {
  value: string | undefined
  onChange: (sellerId: string | undefined) => void
}) {
  const sellers = useSellerOptions()
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="products-seller">Seller</Label>
      <select
        id="products-seller"
        className={selectClass}
        value={value ?? ''}
        aria-busy={sellers.isPending}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">All sellers</option>
        {/* A seller named in the address stays chosen while the list loads. */}
        {value && !sellers.data?.some((seller) => seller.id === value) && (
          <option value={value}>{sellers.isPending ? 'Loading sellers…' : 'Unknown seller'}</option>
        )}
        {sellers.data?.map((seller) => (
          <option key={seller.id} value={seller.id}>
            {seller.label}
          </option>
        ))}
      </select>
    </div>
  )
}
