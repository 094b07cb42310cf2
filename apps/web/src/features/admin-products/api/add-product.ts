import type { AdminProduct, ProductValues } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateProducts } from './invalidate'

type Answer = { success: true; message: string; data: AdminProduct }

export function addProduct(input: ProductValues) {
  return api<Answer>('/admin/products/add', { method: 'POST', json: input })
}

export function useAddProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addProduct,
    onSuccess: () => invalidateProducts(queryClient),
  })
}
