import { ADMIN_PRODUCT_STATUSES, type AdminProductStatus } from '@techbazaar/shared'
import { useSearchParams } from 'react-router'
import { withChanges } from '@/lib/search-params'
import type { ProductsFilter } from '../api/get-admin-products'

const isStatus = (value: string | null): value is AdminProductStatus =>
  (ADMIN_PRODUCT_STATUSES as readonly string[]).includes(value ?? '')

type Key = 'page' | 'q' | 'status' | 'seller'

/**
 * The product list's page, search, status and seller, kept in the address
 * (?page=&q=&status=&seller=), so a reload, the back button and a shared link show the same
 * products. Changing a filter goes back to page 1.
 */
export function useProductsFilter() {
  const [params, setParams] = useSearchParams()
  const status = params.get('status')
  const filter: ProductsFilter = {
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    q: params.get('q')?.trim() || undefined,
    status: isStatus(status) ? status : undefined,
    sellerId: params.get('seller')?.trim() || undefined,
  }
  const set = (changes: Partial<Record<Key, string | undefined>>) =>
    setParams((current) => withChanges(current, changes), { replace: true })
  return {
    filter,
    filtered: Boolean(filter.q || filter.status || filter.sellerId),
    setPage: (page: number) => set({ page: String(page) }),
    setQuery: (q: string) => set({ q: q.trim() || undefined }),
    setStatus: (next: AdminProductStatus | undefined) => set({ status: next }),
    setSeller: (sellerId: string | undefined) => set({ seller: sellerId }),
    clear: () => set({ q: undefined, status: undefined, seller: undefined }),
  }
}
