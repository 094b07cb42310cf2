import type {
  OrderStatus,
  UpdateOrderStatusResponse,
  VendorUpdateResponse,
} from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { adminOrderKeys } from './get-admin-orders'

export interface StatusChange {
  /** The order (admin) or the seller's sub-order (vendor). */
  id: string
  status: OrderStatus
}

export function updateOrderStatus({ id, status }: StatusChange) {
  return api<UpdateOrderStatusResponse>(`/admin/orders/update/${id}`, {
    method: 'PUT',
    json: { orderStatus: status },
  })
}

export function updateVendorOrderStatus({ id, status }: StatusChange) {
  return api<VendorUpdateResponse>('/admin/orders/vendor-update', {
    method: 'PUT',
    json: { _id: id, status },
  })
}

/** Either screen's update; the list and every open details view refetch afterwards. */
export function useUpdateOrderStatus(scope: 'admin' | 'vendor') {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (
      change: StatusChange,
    ): Promise<UpdateOrderStatusResponse | VendorUpdateResponse> =>
      scope === 'admin' ? updateOrderStatus(change) : updateVendorOrderStatus(change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
  })
}
