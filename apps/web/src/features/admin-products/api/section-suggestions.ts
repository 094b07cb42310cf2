import type { AdminProductResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateProducts } from './invalidate'

/** An admin approves (the product moves to the suggested home section) or declines it. */
export function decideSection({ id, approve }: { id: string; approve: boolean }) {
  return api<AdminProductResponse>(
    `/admin/products/section/${approve ? 'approve' : 'decline'}/${id}`,
    { method: 'POST' },
  )
}

export function useDecideSection() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: decideSection,
    onSuccess: () => invalidateProducts(queryClient),
  })
}
