import {
  ORDER_PAYMENT_METHODS,
  ORDER_STATUSES,
  type OrderPaymentMethod,
  type OrderStatus,
} from '@techbazaar/shared'
import { useSearchParams } from 'react-router'
import { withChanges } from '@/lib/search-params'
import type { OrdersFilter } from '../api/get-admin-orders'

const isStatus = (value: string | null): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value ?? '')
const isMethod = (value: string | null): value is OrderPaymentMethod =>
  (ORDER_PAYMENT_METHODS as readonly string[]).includes(value ?? '')
const isDay = (value: string | null) => /^\d{4}-\d{2}-\d{2}$/.test(value ?? '')

type Key = 'page' | 'status' | 'q' | 'from' | 'to' | 'method' | 'seller'

/**
 * The admin table's page and filters, kept in the address
 * (?page=&status=&q=&from=&to=&method=&seller=), so a reload, the back button and a shared link
 * show the same orders. Changing a filter goes back to page 1.
 */
export function useOrdersFilter() {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)
  const status = params.get('status')
  const method = params.get('method')
  const from = params.get('from')
  const to = params.get('to')
  const filter: OrdersFilter = {
    page,
    status: isStatus(status) ? status : undefined,
    q: params.get('q')?.trim() || undefined,
    from: isDay(from) ? (from ?? undefined) : undefined,
    to: isDay(to) ? (to ?? undefined) : undefined,
    paymentMethod: isMethod(method) ? method : undefined,
    sellerId: params.get('seller')?.trim() || undefined,
  }
  const set = (changes: Partial<Record<Key, string | undefined>>) =>
    setParams((current) => withChanges(current, changes), { replace: true })
  return {
    filter,
    setPage: (next: number) => set({ page: String(next) }),
    setStatus: (next: OrderStatus | undefined) => set({ status: next }),
    setQuery: (next: string) => set({ q: next.trim() || undefined }),
    setDays: (days: { from?: string; to?: string }) => set(days),
    setMethod: (next: OrderPaymentMethod | undefined) => set({ method: next }),
    setSeller: (sellerId: string | undefined) => set({ seller: sellerId }),
  }
}
