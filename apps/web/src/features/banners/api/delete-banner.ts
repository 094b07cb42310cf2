import type { MessageResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { featureImagesQueryOptions } from '@/lib/catalog/get-feature-images'
import { api } from '@/lib/api-client'

export function deleteBanner(id: string) {
  return api<MessageResponse>(`/common/feature/${id}`, { method: 'DELETE' })
}

export function useDeleteBanner() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteBanner,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: featureImagesQueryOptions().queryKey }),
  })
}
