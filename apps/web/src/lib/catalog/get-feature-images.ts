import { queryOptions, useQuery } from '@tanstack/react-query'
import { takeFeatureImages } from './fetch-feature-images'
import { catalogKeys } from './query-keys'

/** The home page banners. */
export function featureImagesQueryOptions() {
  return queryOptions({
    queryKey: catalogKeys.featureImages(),
    queryFn: ({ signal }) => takeFeatureImages(signal),
    staleTime: 5 * 60_000,
  })
}

export function useFeatureImages() {
  return useQuery(featureImagesQueryOptions())
}
