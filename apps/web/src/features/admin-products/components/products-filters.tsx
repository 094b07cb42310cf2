import {
  ADMIN_PRODUCT_STATUS_LABELS,
  ADMIN_PRODUCT_STATUSES,
  type AdminProductStatus,
} from '@techbazaar/shared'
import {
  FilterSearch,
  filterSelectClass,
  SellerFilter,
} from '@/components/back-office/list-filters'
import { Label } from '@/components/ui/label'
import type { ProductsFilter } from '../api/get-admin-products'

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
      <div className="sm:col-span-2 lg:col-span-1">
        <FilterSearch
          id="products-search"
          label="Search products"
          placeholder="Title or brand"
          value={filter.q}
          onSearch={onQuery}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="products-status">Status</Label>
        <select
          id="products-status"
          className={filterSelectClass}
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
      {isAdmin && <SellerFilter id="products-seller" value={filter.sellerId} onChange={onSeller} />}
    </div>
  )
}
