import type { HelpfulVoteResponse, ReviewListReply } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type ApiError } from '@/lib/api-client'
import { catalogKeys } from '@/lib/catalog/query-keys'
import type { MyReviewState } from './get-my-review-state'

interface VoteInput {
  reviewId: string
  helpful: boolean
}

/**
 * Marks or unmarks a review as helpful. The answer carries the new count, which is written into
 * every cached page of the product's reviews in place: refetching would move the review under
 * "Most helpful" while the shopper is looking at it.
 */
export function useHelpfulVote(productId: string, userId: string) {
  const queryClient = useQueryClient()
  return useMutation<HelpfulVoteResponse, ApiError, VoteInput>({
    mutationFn: ({ reviewId, helpful }) =>
      api<HelpfulVoteResponse>(`/shop/review/${encodeURIComponent(reviewId)}/helpful`, {
        method: helpful ? 'POST' : 'DELETE',
      }),
    onSuccess: ({ data: vote }) => {
      queryClient.setQueriesData<ReviewListReply>(
        { queryKey: catalogKeys.reviews(productId) },
        (reply) =>
          reply && {
            ...reply,
            data: reply.data.map((review) =>
              review._id === vote.reviewId
                ? { ...review, helpfulCount: vote.helpfulCount }
                : review,
            ),
          },
      )
      queryClient.setQueryData<MyReviewState>(
        catalogKeys.myReviewState(productId, userId),
        (state) =>
          state && {
            ...state,
            helpful: vote.helpful
              ? [...new Set([...state.helpful, vote.reviewId])]
              : state.helpful.filter((id) => id !== vote.reviewId),
          },
      )
    },
  })
}
