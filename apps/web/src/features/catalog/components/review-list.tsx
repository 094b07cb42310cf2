import { formatShopDate, type Review } from '@techbazaar/shared'
import { BadgeCheck, MessageSquare } from 'lucide-react'
import { Avatar, AvatarFallback } from '@/components/ui/avatar'
import { Badge } from '@/components/ui/badge'
import { Skeleton } from '@/components/ui/skeleton'
import { useReviews } from '../api/get-reviews'
import { ErrorState } from '@/components/state-views'
import { StarRating } from './star-rating'

/** The one wording for a product nobody reviewed (the spec's), wherever it is said (issue 31.5). */
export const NO_REVIEWS = 'No Reviews'

/** A product's reviews, newest first; messages are plain text (React escapes them). */
export function ReviewList({ productId }: { productId: string }) {
  const query = useReviews(productId)
  if (query.isPending) {
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
  if (query.isError) {
    return (
      <ErrorState
        className="p-4"
        message="Reviews could not be loaded."
        onRetry={() => query.refetch()}
      />
    )
  }
  if (query.data.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <MessageSquare className="size-4" aria-hidden="true" />
        {NO_REVIEWS}
      </p>
    )
  }
  return (
    <ul className="flex flex-col divide-y" aria-label="Reviews">
      {query.data.map((review) => (
        <ReviewItem key={review._id} review={review} />
      ))}
    </ul>
  )
}

function ReviewItem({ review }: { review: Review }) {
  return (
    <li className="flex gap-3 py-3 first:pt-0 last:pb-0">
      <Avatar className="size-9 shrink-0">
        <AvatarFallback className="text-sm font-semibold">
          {review.userName.trim().charAt(0).toUpperCase() || '?'}
        </AvatarFallback>
      </Avatar>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
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
      </div>
    </li>
  )
}
