import type { FeatureResponse, UpdateFeatureInput } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { featureImagesQueryOptions } from '@/lib/catalog/get-feature-images'

export function updateBanner({ id, body }: { id: string; body: UpdateFeatureInput }) {
  return api<FeatureResponse>(`/common/feature/${id}`, { method: 'PATCH', json: body })
}

/** Saves a banner's alt text, link, order or dates; the admin list and the carousel reload. */
export function useUpdateBanner() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateBanner,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: featureImagesQueryOptions().queryKey }),
  })
}
