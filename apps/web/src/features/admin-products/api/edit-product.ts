import type { AdminProductResponse, ProductValues } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateProducts } from './invalidate'

export function editProduct({ id, input }: { id: string; input: ProductValues }) {
  return api<AdminProductResponse>(`/admin/products/edit/${id}`, { method: 'PUT', json: input })
}

export function useEditProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: editProduct,
    onSuccess: () => invalidateProducts(queryClient),
  })
}
