import { CANCEL_REASONS, cancelOrderBody } from '@techbazaar/shared'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { useFormDialog, useStaleOnRefusalDialog } from '@/lib/use-form-dialog'
import { failureMessage, useCancelOrder, useRefreshOrders } from '../api/cancel-order'
import type { CancelledItem } from '../lib/returnable-lines'

/** The radio that opens the shopper's own words. */
const OTHER = 'other'

export interface CancelOrderDialogProps {
  orderId: string
  /** One seller's part; absent: the whole order. */
  part?: { subOrderId: string; seller: string }
  /** Cash on delivery: nothing was charged, so nothing is refunded. */
  cod: boolean
  /** Some parts have shipped: only the others are cancelled (the whole-order button says so). */
  someShipped?: boolean
  /** What the cancel takes back, each with its seller (issue 31.5). */
  items: CancelledItem[]
}

/**
 * "Cancel order" (or "Cancel this part" for one seller's part): asks why, says what happens to
 * the items and the money, then posts the cancel. A refusal (shipped meanwhile) stays in the
 * dialog in the API's words; the details are refreshed when it closes.
 */
export function CancelOrderDialog({
  orderId,
  part,
  cod,
  someShipped,
  items,
}: CancelOrderDialogProps) {
  const dialog = useStaleOnRefusalDialog(useRefreshOrders())
  const label = part ? 'Cancel this part' : 'Cancel order'
  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button
          size="sm"
          variant="outline"
          className="h-11 sm:h-10"
          aria-label={part ? `${label} from ${part.seller}` : undefined}
        >
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {part ? `Cancel the part from ${part.seller}?` : 'Cancel this order?'}
          </DialogTitle>
          <DialogDescription>
            {cod
              ? 'Items go back on sale. Nothing was charged.'
              : 'Items go back on sale. A paid amount is refunded in full to your original payment method; there is no cancellation charge.'}
            {!part &&
              someShipped &&
              ' Parts already shipped are not cancelled; you can return them once delivered.'}
          </DialogDescription>
        </DialogHeader>
        <CancelledItems items={items} />
        {/* Its own component: the choice starts afresh each time the dialog opens. */}
        <CancelForm
          orderId={orderId}
          subOrderId={part?.subOrderId}
          submitLabel={label}
          onDone={dialog.close}
          onRefused={dialog.markStale}
        />
      </DialogContent>
    </Dialog>
  )
}

/** The lines being cancelled, each named with its seller as the parcel cards name it. */
function CancelledItems({ items }: { items: CancelledItem[] }) {
  if (items.length === 0) return null
  return (
    <section aria-label="Items being cancelled" className="rounded-lg bg-muted/50 p-3 text-sm">
      <h3 className="mb-1 font-medium">Items being cancelled</h3>
      <ul className="flex flex-col gap-1">
        {items.map((item) => (
          <li key={item.key} className="flex gap-2">
            <span className="min-w-0 flex-1">
              <span className="line-clamp-2">{item.title}</span>
              <span className="text-muted-foreground">Sold by {item.seller}</span>
            </span>
            <span className="tabular shrink-0 text-muted-foreground">× {item.quantity}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

interface CancelFormProps {
  orderId: string
  subOrderId: string | undefined
  submitLabel: string
  onDone: () => void
  onRefused: () => void
}

function CancelForm({ orderId, subOrderId, submitLabel, onDone, onRefused }: CancelFormProps) {
  const uid = useId()
  const { problem, pending, submit, clearProblem } = useFormDialog(useCancelOrder(orderId), {
    onSuccess: onDone,
    refusal: (failure) => {
      onRefused()
      return failureMessage(failure)
    },
  })
  const [choice, setChoice] = useState('')
  const [other, setOther] = useState('')
  const [invalid, setInvalid] = useState('')
  // One line under the choices: what the check found, else the API's refusal.
  const error = invalid || problem || ''

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = cancelOrderBody.safeParse({
      ...(subOrderId ? { subOrderId } : {}),
      reason: choice === OTHER ? other : choice,
    })
    if (!parsed.success) {
      clearProblem()
      setInvalid(parsed.error.issues[0]?.message ?? 'Tell us why you are cancelling')
      return
    }
    setInvalid('')
    submit(parsed.data)
  }

  const errorId = `${uid}-error`
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <fieldset
        disabled={pending}
        className="flex min-w-0 flex-col gap-1"
        aria-describedby={error ? errorId : undefined}
      >
        <legend className="mb-2 text-sm font-medium">Why are you cancelling?</legend>
        {[...CANCEL_REASONS, OTHER].map((reason) => (
          <label
            key={reason}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-1 text-sm"
          >
            <input
              type="radio"
              name={`${uid}-reason`}
              value={reason}
              checked={choice === reason}
              onChange={() => setChoice(reason)}
              className="size-5 shrink-0 accent-primary"
            />
            {reason === OTHER ? 'Other' : reason}
          </label>
        ))}
        {choice === OTHER && (
          <div className="mt-1 flex flex-col gap-2">
            <Label htmlFor={`${uid}-other`}>Your reason</Label>
            <Textarea
              id={`${uid}-other`}
              value={other}
              onChange={(event) => setOther(event.target.value)}
              maxLength={300}
              className="min-h-20"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
        )}
      </fieldset>
      {/* Always in the page, so screen readers announce the message when it appears. */}
      <p id={errorId} role="alert" className="text-sm font-medium text-destructive empty:hidden">
        {error}
      </p>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" className="h-11 sm:h-10">
            Keep order
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" className="h-11 sm:h-10" disabled={pending}>
          {pending && <Spinner />}
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  )
}
