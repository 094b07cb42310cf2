import { formatShopDate, type Review, type ReviewSort } from '@techbazaar/shared'
import { BadgeCheck, ChevronLeft, ChevronRight, MessageSquare } from 'lucide-react'
import { useId, useState } from 'react'
import { Avatar, AvatarFallback } from '@/components/ui/avatar'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { ErrorState } from '@/components/state-views'
import type { ReviewPageQuery } from '@/lib/catalog/query-keys'
import { shopperIdOf, useSession } from '@/lib/session/get-session'
import { useMyReviewState } from '../api/get-my-review-state'
import { FIRST_REVIEW_PAGE, useReviewPage } from '../api/get-reviews'
import { HelpfulButton } from './helpful-button'
import { RatingHistogram } from './rating-histogram'
import { ReviewPhotos } from './review-photos'
import { StarRating } from './star-rating'

/** The one wording for a product nobody reviewed (the spec's), wherever it is said (issue 31.5). */
export const NO_REVIEWS = 'No Reviews'

const SORT_LABELS: Record<ReviewSort, string> = {
  newest: 'Newest',
  helpful: 'Most helpful',
}

/**
 * A product's rating histogram and its reviews a page at a time, newest or most helpful first;
 * a bar of the histogram narrows the list to its star. Messages are plain text (React escapes
 * them).
 */
export function ReviewList({ productId }: { productId: string }) {
  const [query, setQuery] = useState<ReviewPageQuery>(FIRST_REVIEW_PAGE)
  const reply = useReviewPage(productId, query)
  const { user } = useSession()
  const mine = useMyReviewState(productId, shopperIdOf(user) ?? undefined)
  const sortId = useId()

  if (reply.isPending) {
    return (
      <div
        className="flex flex-col gap-3"
        role="status"
        aria-busy="true"
        aria-label="Loading reviews"
      >
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    )
  }
  if (reply.isError) {
    return (
      <ErrorState
        className="p-4"
        message="Reviews could not be loaded."
        onRetry={() => reply.refetch()}
      />
    )
  }
  const { data: reviews, histogram, pagination } = reply.data
  const all = histogram.reduce((sum, bar) => sum + bar.count, 0)
  if (all === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <MessageSquare className="size-4" aria-hidden="true" />
        {NO_REVIEWS}
      </p>
    )
  }
  const marked = new Set(mine.data?.helpful ?? [])
  const viewer = user ? { id: user.id, type: user.type } : null
  return (
    <div className="flex flex-col gap-4">
      <RatingHistogram
        bars={histogram}
        selected={query.stars}
        onSelect={(stars) => setQuery({ ...query, stars, page: 1 })}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {query.stars === null
            ? `${pagination.total} ${pagination.total === 1 ? 'review' : 'reviews'}`
            : `${pagination.total} with ${query.stars} ${query.stars === 1 ? 'star' : 'stars'}`}
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm text-muted-foreground">
            Sort by
          </label>
          <select
            id={sortId}
            value={query.sort}
            onChange={(event) =>
              setQuery({ ...query, sort: event.target.value as ReviewSort, page: 1 })
            }
            className="h-10 rounded-md border bg-background px-3 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {(Object.keys(SORT_LABELS) as ReviewSort[]).map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ul
        className="flex flex-col divide-y"
        aria-label="Reviews"
        aria-busy={reply.isPlaceholderData || undefined}
      >
        {reviews.map((review) => (
          <ReviewItem
            key={review._id}
            review={review}
            viewer={viewer}
            marked={marked.has(review._id)}
          />
        ))}
      </ul>
      {pagination.totalPages > 1 && (
        <nav className="flex items-center justify-between gap-2" aria-label="Review pages">
          <Button
            type="button"
            variant="outline"
            className="h-11"
            disabled={query.page <= 1}
            onClick={() => setQuery({ ...query, page: query.page - 1 })}
          >
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <span className="tabular text-sm text-muted-foreground">
            Page {pagination.page} of {pagination.totalPages}
          </span>
          <Button
            type="button"
            variant="outline"
            className="h-11"
            disabled={query.page >= pagination.totalPages}
            onClick={() => setQuery({ ...query, page: query.page + 1 })}
          >
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      )}
    </div>
  )
}

function ReviewItem({
  review,
  viewer,
  marked,
}: {
  review: Review
  viewer: { id: string; type: string } | null
  marked: boolean
}) {
  return (
    <li className="flex gap-3 py-3 first:pt-0 last:pb-0">
      <Avatar className="size-9 shrink-0">
        <AvatarFallback className="text-sm font-semibold">
          {review.userName.trim().charAt(0).toUpperCase() || '?'}
        </AvatarFallback>
      </Avatar>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <span className="text-sm font-semibold">{review.userName}</span>
          <time dateTime={review.createdAt} className="text-xs text-muted-foreground">
            {formatShopDate(review.createdAt, 'medium')}
          </time>
          {review.verifiedPurchase && (
            <Badge variant="success">
              <BadgeCheck aria-hidden="true" />
              Verified purchase
            </Badge>
          )}
        </div>
        <StarRating value={review.reviewValue} className="[&_svg]:size-3.5 [&>span]:size-3.5" />
        <p className="text-sm leading-relaxed break-words whitespace-pre-line text-foreground/90">
          {review.reviewMessage}
        </p>
        <ReviewPhotos photos={review.photos} author={review.userName} />
        <HelpfulButton review={review} viewer={viewer} marked={marked} />
      </div>
    </li>
  )
}
