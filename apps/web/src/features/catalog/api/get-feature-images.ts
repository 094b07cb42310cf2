import type { FeatureImage } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { catalogKeys } from './query-keys'

export function getFeatureImages(signal?: AbortSignal) {
  return api<{ success: true; data: FeatureImage[] }>('/common/feature/get', { signal }).then(
    (response) => response.data,
  )
}

/** The home page banners. */
export function featureImagesQueryOptions() {
  return queryOptions({
    queryKey: catalogKeys.featureImages(),
    queryFn: ({ signal }) => getFeatureImages(signal),
    staleTime: 5 * 60_000,
  })
}

export function useFeatureImages() {
  return useQuery(featureImagesQueryOptions())
}
