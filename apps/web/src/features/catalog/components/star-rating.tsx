import { Star } from 'lucide-react'
import { LIMITS } from '@techbazaar/shared'
import { cn } from '@/lib/utils'

/** Five stars filled to the average (quarter stars included), read out as "Rated 4.25 out of 5". */
export function StarRating({ value, className }: { value: number; className?: string }) {
  const rounded = Math.min(LIMITS.ratingMax, Math.max(0, value))
  return (
    <span
      role="img"
      aria-label={`Rated ${rounded.toFixed(2)} out of ${LIMITS.ratingMax}`}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {Array.from({ length: LIMITS.ratingMax }, (_, index) => {
        const fill = Math.min(1, Math.max(0, rounded - index))
        return (
          <span key={index} className="relative inline-block size-4" aria-hidden="true">
            <Star className="absolute inset-0 size-4 text-amber-500/40" />
            <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
              <Star className="size-4 fill-amber-400 text-amber-500" />
            </span>
          </span>
        )
      })}
    </span>
  )
}
