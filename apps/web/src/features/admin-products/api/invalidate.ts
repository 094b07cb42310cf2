import type { QueryClient } from '@tanstack/react-query'
import { adminProductKeys } from './query-keys'

/** A product change shows in the back office and in every cached shop list. */
export function invalidateProducts(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminProductKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['catalog'] }),
  ])
}
