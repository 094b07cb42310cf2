import type {
  AdminOrderList,
  AdminOrderRow,
  AdminOrdersQuery,
  VendorSubOrder,
  VendorSubOrderListResponse,
} from '@techbazaar/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** What the admin table asks: a page, and the filters that are set. */
export type OrdersFilter = Pick<AdminOrdersQuery, 'page'> & Partial<AdminOrdersQuery>

export const adminOrderKeys = {
  all: ['admin-orders'] as const,
  lists: () => [...adminOrderKeys.all, 'list'] as const,
  list: (scope: 'admin' | 'vendor', filter?: OrdersFilter) =>
    [...adminOrderKeys.lists(), scope, filter ?? {}] as const,
  details: (orderId: string) => [...adminOrderKeys.all, 'details', orderId] as const,
}

/**
 * One table row for both screens: `_id` is what updates (order or sub-order), `orderId` what
 * opens. A seller's rows also carry their lines, ship-by day (while to ship) and parcel.
 */
export type OrderRow = Pick<
  AdminOrderRow,
  | 'orderNumber'
  | 'orderDate'
  | 'orderStatus'
  | 'totalAmount'
  | 'payableAmount'
  | 'refundedAmount'
  | 'refundPendingAmount'
  | 'displayStatus'
  | 'userName'
  | 'email'
> & {
  _id: string
  orderId: string
} & Partial<Pick<VendorSubOrder, 'cartItems' | 'shipBy' | 'shipment'>>

/** A page of rows and how many match over all pages. */
export interface OrdersPage {
  rows: OrderRow[]
  total: number
  page: number
  limit: number
}

/** The filters as a query string, unset ones left out: the list's and the CSV export's. */
export function filterSearch(filter: Omit<OrdersFilter, 'page' | 'limit'>): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of ['status', 'q', 'from', 'to', 'paymentMethod', 'sellerId'] as const) {
    const value = filter[key]
    if (value) params.set(key, value)
  }
  return params
}

/** The query string the admin list understands (unset filters are left out). */
export function ordersSearch(filter: OrdersFilter): string {
  const params = new URLSearchParams({ page: String(filter.page) })
  if (filter.limit) params.set('limit', String(filter.limit))
  for (const [key, value] of filterSearch(filter)) params.set(key, value)
  return params.toString()
}

/** Where the filtered orders download as CSV (every page; the session cookie goes along). */
export function ordersExportUrl(filter: OrdersFilter): string {
  const search = filterSearch(filter).toString()
  return `/api/admin/orders/export${search ? `?${search}` : ''}`
}

export function getAdminOrders(filter: OrdersFilter, signal?: AbortSignal): Promise<OrdersPage> {
  return api<AdminOrderList>(`/admin/orders/get?${ordersSearch(filter)}`, { signal }).then(
    ({ data, total, page, limit }) => ({
      rows: data.map((order) => ({ ...order, orderId: order._id })),
      total,
      page,
      limit,
    }),
  )
}

/**
 * A seller's own sub-orders arrive in one list (a seller's volume fits one page): the parts to
 * ship first, oldest first, then the rest, newest first.
 */
export function getVendorOrders(signal?: AbortSignal): Promise<OrdersPage> {
  return api<VendorSubOrderListResponse>('/admin/orders/getVendor', {
    signal,
  }).then(({ data }) => ({ rows: data, total: data.length, page: 1, limit: data.length }))
}

/** An admin sees a page of every order (server-side filters); a seller its own sub-orders. */
export function adminOrdersQueryOptions(scope: 'admin' | 'vendor', filter: OrdersFilter) {
  return queryOptions({
    queryKey: adminOrderKeys.list(scope, scope === 'admin' ? filter : undefined),
    queryFn: ({ signal }) =>
      scope === 'admin' ? getAdminOrders(filter, signal) : getVendorOrders(signal),
    // The table stays on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  })
}

export function useAdminOrders(scope: 'admin' | 'vendor', filter: OrdersFilter) {
  return useQuery(adminOrdersQueryOptions(scope, filter))
}
