import type { MessageResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateProducts } from './invalidate'

export function deleteProduct(id: string) {
  return api<MessageResponse>(`/admin/products/delete/${id}`, {
    method: 'DELETE',
  })
}

export function useDeleteProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => invalidateProducts(queryClient),
  })
}
