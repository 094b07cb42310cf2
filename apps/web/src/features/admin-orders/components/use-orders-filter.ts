import { ORDER_STATUSES, type OrderStatus } from '@techbazaar/shared'
import { useSearchParams } from 'react-router'
import { withChanges } from '@/lib/search-params'
import type { OrdersFilter } from '../api/get-admin-orders'

const isStatus = (value: string | null): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value ?? '')

/**
 * The admin table's page, status and search, kept in the address (?page=&status=&q=), so a
 * reload, the back button and a shared link show the same orders. Changing a filter goes back
 * to page 1.
 */
export function useOrdersFilter() {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)
  const status = params.get('status')
  const filter: OrdersFilter = {
    page,
    status: isStatus(status) ? status : undefined,
    q: params.get('q')?.trim() || undefined,
  }
  const set = (changes: Partial<Record<'page' | 'status' | 'q', string | undefined>>) =>
    setParams((current) => withChanges(current, changes), { replace: true })
  return {
    filter,
    setPage: (next: number) => set({ page: String(next) }),
    setStatus: (next: OrderStatus | undefined) => set({ status: next }),
    setQuery: (next: string) => set({ q: next.trim() || undefined }),
  }
}
