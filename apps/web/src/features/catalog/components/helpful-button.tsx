import type { Review } from '@techbazaar/shared'
import { ThumbsUp } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { Button } from '@/components/ui/button'
import { savePreviousUrl } from '@/lib/previous-url'
import { toast } from '@/lib/toast'
import { useHelpfulVote } from '../api/helpful-vote'

/** "12 people found this helpful"; nothing while nobody has. */
export function helpfulText(count: number) {
  if (count === 0) return null
  return `${count} ${count === 1 ? 'person' : 'people'} found this helpful`
}

const BUTTON = 'h-9 gap-1.5 px-3 text-xs'

/**
 * The review's helpful count and the shopper's toggle: a guest is sent to sign in, the author
 * sees only the count (no vote on their own review), staff accounts cannot vote.
 */
export function HelpfulButton({
  review,
  viewer,
  marked,
}: {
  review: Review
  viewer: { id: string; type: string } | null
  marked: boolean
}) {
  const text = helpfulText(review.helpfulCount)
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {viewer === null ? (
        <GuestHelpful />
      ) : viewer.type === 'user' && viewer.id !== review.userId ? (
        <VoteButton review={review} userId={viewer.id} marked={marked} />
      ) : null}
      {text && (
        <span className="text-xs text-muted-foreground" data-testid="helpful-count">
          {text}
        </span>
      )}
    </div>
  )
}

function VoteButton({
  review,
  userId,
  marked,
}: {
  review: Review
  userId: string
  marked: boolean
}) {
  const vote = useHelpfulVote(review.productId, userId)
  return (
    <Button
      type="button"
      variant={marked ? 'secondary' : 'outline'}
      className={BUTTON}
      aria-pressed={marked}
      disabled={vote.isPending}
      onClick={() =>
        vote.mutate(
          { reviewId: review._id, helpful: !marked },
          { onError: (error) => toast.error(error.message) },
        )
      }
    >
      <ThumbsUp aria-hidden="true" className={marked ? 'fill-current' : undefined} />
      Helpful
    </Button>
  )
}

function GuestHelpful() {
  const location = useLocation()
  return (
    <Button asChild variant="outline" className={BUTTON}>
      <Link
        to="/login"
        aria-label="Helpful: sign in to mark this review"
        onClick={() => savePreviousUrl(`${location.pathname}${location.search}`)}
      >
        <ThumbsUp aria-hidden="true" />
        Helpful
      </Link>
    </Button>
  )
}
