import type { AddReviewInput, AddReviewResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type ApiError } from '@/lib/api-client'
import { catalogKeys } from '@/lib/catalog/query-keys'

/** Adds the signed-in shopper's review, or edits their earlier one for the same product. */
export function addReview(input: AddReviewInput) {
  return api<AddReviewResponse>('/shop/review/add', { method: 'POST', json: input })
}

/** After a review the product's list, its average and the author's own state change: all are fetched again. */
export function useAddReview() {
  const queryClient = useQueryClient()
  return useMutation<AddReviewResponse, ApiError, AddReviewInput>({
    mutationFn: addReview,
    onSuccess: (_data, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.reviews(input.productId) }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.detail(input.productId) }),
        queryClient.invalidateQueries({
          queryKey: catalogKeys.myReviewState(input.productId, input.userId),
        }),
      ]),
  })
}
