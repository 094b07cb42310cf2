import type { AdminProductResponse, ProductValues } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateProducts } from './invalidate'

export function addProduct(input: ProductValues) {
  return api<AdminProductResponse>('/admin/products/add', { method: 'POST', json: input })
}

export function useAddProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addProduct,
    onSuccess: () => invalidateProducts(queryClient),
  })
}
