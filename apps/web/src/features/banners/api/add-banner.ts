import type { AddFeatureInput, FeatureResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { featureImagesQueryOptions } from '@/lib/catalog/get-feature-images'
import { api } from '@/lib/api-client'

export function addBanner(input: AddFeatureInput) {
  return api<FeatureResponse>('/common/feature/add', {
    method: 'POST',
    json: input,
  })
}

/** Adds a home banner; the list (shared with the home page's carousel) reloads. */
export function useAddBanner() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addBanner,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: featureImagesQueryOptions().queryKey }),
  })
}
