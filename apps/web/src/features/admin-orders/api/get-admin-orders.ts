import type { AdminOrderRow, VendorSubOrder } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const adminOrderKeys = {
  all: ['admin-orders'] as const,
  list: (scope: 'admin' | 'vendor') => [...adminOrderKeys.all, 'list', scope] as const,
  details: (orderId: string) => [...adminOrderKeys.all, 'details', orderId] as const,
}

/** One table row for both screens: `_id` is what updates (order or sub-order), `orderId` what opens. */
export type OrderRow = Pick<
  AdminOrderRow,
  'orderNumber' | 'orderDate' | 'orderStatus' | 'totalAmount'
> & {
  _id: string
  orderId: string
}

export function getAdminOrders(signal?: AbortSignal): Promise<OrderRow[]> {
  return api<{ success: true; data: AdminOrderRow[] }>('/admin/orders/get', { signal }).then(
    (response) => response.data.map((order) => ({ ...order, orderId: order._id })),
  )
}

export function getVendorOrders(signal?: AbortSignal): Promise<OrderRow[]> {
  return api<{ success: true; data: VendorSubOrder[] }>('/admin/orders/getVendor', {
    signal,
  }).then((response) => response.data)
}

/** An admin sees every order; a seller (type vendor) its own sub-orders. */
export function adminOrdersQueryOptions(scope: 'admin' | 'vendor') {
  return queryOptions({
    queryKey: adminOrderKeys.list(scope),
    queryFn: ({ signal }) => (scope === 'admin' ? getAdminOrders(signal) : getVendorOrders(signal)),
  })
}

export function useAdminOrders(scope: 'admin' | 'vendor') {
  return useQuery(adminOrdersQueryOptions(scope))
}
