import {
  formatPaise,
  formatRupees,
  RETURN_MAX_PHOTOS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  rupeesToPaise,
} from '@techbazaar/shared'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { PhotoSlots } from '@/components/image-upload/photo-slots'
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
import { Field } from '@/components/ui/form-field'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import { useFormDialog, useStaleOnRefusalDialog } from '@/lib/use-form-dialog'
import { failureMessage, useRefreshOrders } from '../api/cancel-order'
import { useCreateReturn } from '../api/create-return'
import type { ReturnableLine } from '../lib/returnable-lines'
import {
  EMPTY_PAYOUT,
  errorsByField,
  validateReturn,
  type ReturnDraft,
  type ReturnErrors,
} from '../lib/return-form'
import { PayoutFields } from './payout-fields'
import { QuantityStepper } from './quantity-stepper'

export interface ReturnItemsDialogProps {
  orderId: string
  seller: string
  lines: ReturnableLine[]
  /** Cash on delivery: the refund account is asked for. */
  cod: boolean
  /** The line under the button (the window's closing day), read with it. */
  describedBy?: string
}

/**
 * "Return items" on a delivered parcel within its window: how many of each line (up to what is
 * still returnable), why, an optional note and photos, and for a cash-on-delivery order where the
 * refund is paid. Checked with the API's schema first; the API's refusal is shown in its words.
 */
export function ReturnItemsDialog({
  orderId,
  seller,
  lines,
  cod,
  describedBy,
}: ReturnItemsDialogProps) {
  const dialog = useStaleOnRefusalDialog(useRefreshOrders())
  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button
          size="sm"
          variant="outline"
          className="h-11 sm:h-10"
          aria-label={`Return items from ${seller}`}
          aria-describedby={describedBy}
        >
          Return items
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Return items</DialogTitle>
          <DialogDescription>
            From {seller}. Choose what to send back; the courier picks it up once the seller
            approves. Shipping charges are not refunded.
          </DialogDescription>
        </DialogHeader>
        <ReturnForm
          orderId={orderId}
          lines={lines}
          cod={cod}
          onDone={dialog.close}
          onRefused={dialog.markStale}
        />
      </DialogContent>
    </Dialog>
  )
}

interface ReturnFormProps {
  orderId: string
  lines: ReturnableLine[]
  cod: boolean
  onDone: () => void
  onRefused: () => void
}

function ReturnForm({ orderId, lines, cod, onDone, onRefused }: ReturnFormProps) {
  const uid = useId()
  const formRef = useRef<HTMLFormElement>(null)
  // A parcel of one item starts at one unit of it: there is nothing else to pick.
  const only = lines.length === 1 && lines[0]!.returnable > 0 ? lines[0] : undefined
  const [draft, setDraft] = useState<ReturnDraft>(() => ({
    quantities: Object.fromEntries(lines.map((line) => [line.productId, line === only ? 1 : 0])),
    reason: '',
    note: '',
    photos: [],
    payout: cod ? EMPTY_PAYOUT : null,
  }))
  const [errors, setErrors] = useState<ReturnErrors>({})
  const [formError, setFormError] = useState('')
  const [uploading, setUploading] = useState(false)
  const update = (patch: Partial<ReturnDraft>) => setDraft((d) => ({ ...d, ...patch }))

  // In paise, so ₹333.33 × 3 adds up to the paisa.
  const refundPaise = lines.reduce(
    (sum, l) => sum + rupeesToPaise(l.price) * (draft.quantities[l.productId] ?? 0),
    0,
  )

  // Each failed check moves focus to the first field in error, so the keyboard lands where the
  // fix is; after the render that marked it (an effect), not before.
  const [failedChecks, setFailedChecks] = useState(0)
  const focusFirstError = () => setFailedChecks((n) => n + 1)
  useEffect(() => {
    if (failedChecks > 0) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
    }
  }, [failedChecks])

  const { problem, pending, submit, clearProblem } = useFormDialog(useCreateReturn(orderId), {
    onSuccess: onDone,
    refusal: (failure) => {
      const fieldProblems = failure instanceof ApiError ? (failure.errors ?? []) : []
      if (fieldProblems.length > 0) {
        setErrors(errorsByField(fieldProblems))
        focusFirstError()
      }
      onRefused()
      return failureMessage(failure)
    },
  })

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const checked = validateReturn(draft)
    if (!checked.ok) {
      clearProblem()
      setErrors(checked.errors)
      setFormError('Please check the highlighted fields.')
      focusFirstError()
      return
    }
    setErrors({})
    setFormError('')
    submit(checked.body)
  }

  const busy = pending
  const errorId = `${uid}-error`
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <fieldset disabled={busy} className="flex min-w-0 flex-col gap-4">
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Items</legend>
          <ul className="flex flex-col divide-y">
            {lines.map((line) => (
              <li key={line.productId} className="flex flex-wrap items-center gap-3 py-2">
                <img
                  src={line.image}
                  alt=""
                  width={40}
                  height={40}
                  className="size-10 shrink-0 rounded bg-muted object-contain"
                />
                <span className="min-w-0 flex-1 basis-40 text-sm">
                  <span className="line-clamp-2">{line.title}</span>
                  <span className="text-muted-foreground">
                    {line.returnable > 0
                      ? `Up to ${line.returnable} · ${formatRupees(line.price)} each`
                      : 'Already in a return'}
                  </span>
                </span>
                <QuantityStepper
                  label={`Quantity of ${line.title} to return`}
                  value={draft.quantities[line.productId] ?? 0}
                  max={line.returnable}
                  onChange={(quantity) =>
                    update({ quantities: { ...draft.quantities, [line.productId]: quantity } })
                  }
                />
              </li>
            ))}
          </ul>
          {errors.items && <p className="text-sm font-medium text-destructive">{errors.items}</p>}
        </fieldset>
        <Field id={`${uid}-reason`} label="Reason" error={errors.reason}>
          {(control) => (
            <select
              {...control}
              value={draft.reason}
              onChange={(event) =>
                update({ reason: RETURN_REASONS.find((r) => r === event.target.value) ?? '' })
              }
              className="h-11 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive"
            >
              <option value="">Choose a reason</option>
              {RETURN_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {RETURN_REASON_LABELS[reason]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${uid}-note`} label="Note (optional)" error={errors.note}>
          {(control) => (
            <Textarea
              {...control}
              value={draft.note}
              maxLength={1000}
              className="min-h-20"
              onChange={(event) => update({ note: event.target.value })}
            />
          )}
        </Field>
        <PhotoSlots
          kind="returnPhoto"
          max={RETURN_MAX_PHOTOS}
          photos={draft.photos}
          onChange={(photos) => update({ photos })}
          onUploadingChange={setUploading}
          error={errors.photos}
          disabled={busy}
        />
        {draft.payout && (
          <PayoutFields
            value={draft.payout}
            onChange={(payout) => update({ payout })}
            errors={errors}
          />
        )}
      </fieldset>
      {refundPaise > 0 && (
        <p className="text-sm">
          Refund for these items:{' '}
          <span className="tabular font-semibold">{formatPaise(refundPaise)}</span>
        </p>
      )}
      <p id={errorId} role="alert" className="text-sm font-medium text-destructive empty:hidden">
        {formError || problem}
      </p>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" className="h-11 sm:h-10">
            Not now
          </Button>
        </DialogClose>
        <Button
          type="submit"
          className="h-11 sm:h-10"
          disabled={busy || uploading}
          aria-describedby={uploading ? `${uid}-uploading` : undefined}
        >
          {busy && <Spinner className="text-primary-foreground" />}
          Request return
        </Button>
      </DialogFooter>
      {uploading && (
        <p id={`${uid}-uploading`} className="text-sm text-muted-foreground">
          Wait for the photo to finish uploading.
        </p>
      )}
    </form>
  )
}
