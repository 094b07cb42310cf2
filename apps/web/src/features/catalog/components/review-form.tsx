import { zodResolver } from '@hookform/resolvers/zod'
import {
  LIMITS,
  REVIEW_REFUSALS,
  reviewFormSchema,
  type Review,
  type ReviewFormInput,
  type ReviewFormValues,
} from '@techbazaar/shared'
import { LoaderCircle, ShieldCheck, Star } from 'lucide-react'
import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { PhotoSlots } from '@/components/image-upload/photo-slots'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { cn } from '@/lib/utils'
import { useAddReview } from '../api/add-review'
import { useMyReviewState } from '../api/get-my-review-state'
import { useReviewEligibility } from '../api/get-review-eligibility'
import { ErrorState } from '@/components/state-views'

/**
 * The form once the API says this user may review the product; otherwise why not. Loaded only
 * for a signed-in visitor (write-review.tsx): it brings zod and the form library, which a guest's
 * first visit of a product page must not download (issue 29's JavaScript budget).
 */
export function EligibleReview({
  productId,
  userId,
  userName,
}: {
  productId: string
  userId: string
  userName: string
}) {
  const eligibility = useReviewEligibility(productId, userId)
  const mine = useMyReviewState(productId, userId)
  if (eligibility.isPending) return null
  if (eligibility.isError) {
    return (
      <ErrorState
        className="p-4"
        message="We could not check whether you can review this product."
        onRetry={() => eligibility.refetch()}
      />
    )
  }
  if (!eligibility.data.canReview) {
    const { reason } = eligibility.data
    return (
      <div className="flex items-start gap-3 rounded-lg border border-dashed p-4">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <p className="text-sm font-medium">Only verified buyers can review this product</p>
          {/* The general refusal says the same as the line above; the others add why. */}
          {reason && reason !== REVIEW_REFUSALS.notBought && (
            <p className="text-sm text-muted-foreground">{reason}</p>
          )}
        </div>
      </div>
    )
  }
  // Their own review may be on any page of the list: asked for on its own, and the form waits
  // for it so an edit starts from it.
  if (mine.isPending) return null
  const existing = mine.data?.review ?? undefined
  return (
    <ReviewForm
      key={existing?._id ?? 'new'}
      productId={productId}
      userId={userId}
      userName={userName}
      existing={existing}
    />
  )
}

function ReviewForm({
  productId,
  userId,
  userName,
  existing,
}: {
  productId: string
  userId: string
  userName: string
  existing?: Review
}) {
  const form = useForm<ReviewFormInput, unknown, ReviewFormValues>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: {
      reviewMessage: existing?.reviewMessage ?? '',
      reviewValue: existing?.reviewValue,
      photos: existing?.photos ?? [],
    },
  })
  const [uploading, setUploading] = useState(false)
  const addReview = useAddReview()
  const message = useWatch({ control: form.control, name: 'reviewMessage' })
  const blank = typeof message !== 'string' || message.trim() === ''
  const { errors } = form.formState
  const idBase = `review-${productId}`

  const onSubmit = form.handleSubmit((values) => {
    addReview.mutate(
      { productId, userId, userName, ...values },
      {
        onSuccess: () => toast.success('Review added successfully!'),
        onError: (error) => toast.error(error.message),
      },
    )
  })

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 rounded-lg border p-4">
      <h4 className="font-semibold">{existing ? 'Edit your review' : 'Write a review'}</h4>
      <Controller
        control={form.control}
        name="reviewValue"
        render={({ field }) => (
          <StarPicker
            name={`${idBase}-value`}
            value={typeof field.value === 'number' ? field.value : undefined}
            onChange={field.onChange}
            errorId={errors.reviewValue ? `${idBase}-value-error` : undefined}
          />
        )}
      />
      {errors.reviewValue?.message && (
        <p id={`${idBase}-value-error`} className="text-sm font-medium text-destructive">
          {errors.reviewValue.message}
        </p>
      )}
      <div className="grid gap-2">
        <Label htmlFor={`${idBase}-message`}>Your review</Label>
        <Textarea
          id={`${idBase}-message`}
          placeholder="What did you like or dislike? How is the battery, sound, build?"
          maxLength={LIMITS.reviewMaxChars}
          aria-invalid={errors.reviewMessage ? true : undefined}
          aria-describedby={errors.reviewMessage ? `${idBase}-message-error` : undefined}
          {...form.register('reviewMessage')}
        />
        {errors.reviewMessage?.message && (
          <p id={`${idBase}-message-error`} className="text-sm font-medium text-destructive">
            {errors.reviewMessage.message}
          </p>
        )}
      </div>
      <Controller
        control={form.control}
        name="photos"
        render={({ field }) => (
          <PhotoSlots
            kind="reviewPhoto"
            max={LIMITS.reviewMaxPhotos}
            photos={field.value ?? []}
            onChange={field.onChange}
            onUploadingChange={setUploading}
            error={errors.photos?.message ?? errors.photos?.root?.message}
            disabled={addReview.isPending}
          />
        )}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          className="h-11 min-w-32"
          disabled={blank || uploading || addReview.isPending}
        >
          {addReview.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          Submit
        </Button>
        {blank && <p className="text-xs text-muted-foreground">Write a few words to submit.</p>}
      </div>
    </form>
  )
}

const STAR_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent']

/**
 * Five native radio buttons drawn as stars: Tab reaches the group, arrow keys change the rating,
 * and screen readers hear "3 stars, Good".
 */
function StarPicker({
  name,
  value,
  onChange,
  errorId,
}: {
  name: string
  value: number | undefined
  onChange: (value: number) => void
  errorId?: string
}) {
  const [hover, setHover] = useState<number | null>(null)
  const shown = hover ?? value ?? 0
  return (
    <fieldset aria-describedby={errorId} className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium">Your rating</legend>
      <div className="flex items-center gap-2">
        <div className="flex" onMouseLeave={() => setHover(null)}>
          {Array.from({ length: LIMITS.ratingMax }, (_, index) => {
            const star = index + 1
            return (
              <label key={star} className="cursor-pointer p-1" onMouseEnter={() => setHover(star)}>
                <input
                  type="radio"
                  name={name}
                  value={star}
                  checked={value === star}
                  onChange={() => onChange(star)}
                  className="peer sr-only"
                />
                <Star
                  aria-hidden="true"
                  className={cn(
                    'size-8 rounded-sm transition-colors peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/60',
                    star <= shown ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/60',
                  )}
                />
                <span className="sr-only">
                  {star} {star === 1 ? 'star' : 'stars'}, {STAR_WORDS[index]}
                </span>
              </label>
            )
          })}
        </div>
        <span className="text-sm text-muted-foreground" aria-hidden="true">
          {shown ? STAR_WORDS[shown - 1] : 'Tap a star'}
        </span>
      </div>
    </fieldset>
  )
}
