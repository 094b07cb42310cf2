import { zodResolver } from '@hookform/resolvers/zod'
import { COURIER_LABELS, type SellerSetupStep, type VendorShipResponse } from '@techbazaar/shared'
import { CircleCheckIcon, CopyIcon, LoaderCircleIcon, PrinterIcon, TruckIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { Button, buttonVariants } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { useSellerSetup } from '@/lib/back-office/seller-setup'
import { messageOf, showFieldErrors } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useFormDialog } from '@/lib/use-form-dialog'
import { cn } from '@/lib/utils'
import type { OrderRow } from '../api/get-admin-orders'
import {
  shipParcelInputSchema,
  useShipParcel,
  type ShipParcelInput,
  type ShipParcelValues,
} from '../api/ship-parcel'

type Booking = VendorShipResponse['data']

const FIELDS = ['weightGrams', 'lengthCm', 'breadthCm', 'heightCm'] as const
/** Every field the server may name in a refusal (the e-way bill's own too). */
const SERVER_FIELDS = [...FIELDS, 'eWayBillNumber'] as const

/** An empty box is "not entered" (the schema's "Enter the …" message), not zero. */
const asEntered = (value: unknown) => (value === '' ? undefined : value)

/** What the server said, and whether the fix is the business address (the pickup place). */
interface Problem {
  message: string
  needsAddress: boolean
}

function problemOf(error: unknown): Problem {
  const message = messageOf(error, 'The courier could not be booked. Please try again.')
  return {
    message,
    needsAddress:
      error instanceof ApiError &&
      error.status === 409 &&
      message.startsWith('Add your business address'),
  }
}

/**
 * "Ship": the seller weighs and measures the packed parcel and books the courier; then the AWB
 * and the label to print. A failed booking keeps what was typed, so the seller retries.
 */
function ShipForm({ row, onBooked }: { row: OrderRow; onBooked: (booking: Booking) => void }) {
  const form = useForm<ShipParcelInput, unknown, ShipParcelValues>({
    resolver: zodResolver(shipParcelInputSchema),
    defaultValues: { weightGrams: '', lengthCm: '', breadthCm: '', heightCm: '' },
  })
  const { problem, pending, submit } = useFormDialog(useShipParcel(), {
    onSuccess: onBooked,
    // A refusal that names a field shows under it; anything else above the button.
    refusal: (error) =>
      showFieldErrors(error, form.setError, SERVER_FIELDS) ? null : problemOf(error),
  })
  const { errors } = form.formState
  const field = (name: (typeof FIELDS)[number]) => form.register(name, { setValueAs: asEntered })

  const onSubmit = form.handleSubmit((values) => submit({ _id: row._id, ...values }))

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Parcel" className="flex flex-col gap-4">
      <fieldset disabled={pending} className="grid min-w-0 grid-cols-2 gap-4 sm:grid-cols-4">
        <legend className="sr-only">Packed parcel</legend>
        <FormField
          id="ship-weight"
          label="Weight (g)"
          inputMode="numeric"
          autoComplete="off"
          error={errors.weightGrams?.message}
          {...field('weightGrams')}
        />
        <FormField
          id="ship-length"
          label="Length (cm)"
          inputMode="numeric"
          autoComplete="off"
          error={errors.lengthCm?.message}
          {...field('lengthCm')}
        />
        <FormField
          id="ship-breadth"
          label="Breadth (cm)"
          inputMode="numeric"
          autoComplete="off"
          error={errors.breadthCm?.message}
          {...field('breadthCm')}
        />
        <FormField
          id="ship-height"
          label="Height (cm)"
          inputMode="numeric"
          autoComplete="off"
          error={errors.heightCm?.message}
          {...field('heightCm')}
        />
      </fieldset>
      {/* Rule 138: a consignment above the limit moves with an e-way bill (issue 30.9). */}
      <FormField
        id="ship-eway-bill"
        label="E-way bill No. (optional)"
        inputMode="numeric"
        autoComplete="off"
        disabled={pending}
        description="Needed when the parcel is worth more than the e-way bill limit: enter the 12-digit e-way bill you generated yourself, or leave it empty and the shop generates one."
        error={errors.eWayBillNumber?.message}
        {...form.register('eWayBillNumber', { setValueAs: asEntered })}
      />
      {problem && (
        <div
          role="alert"
          className="flex flex-col gap-1 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
        >
          <p className="font-medium">{problem.message}</p>
          {problem.needsAddress && (
            <Link
              to="/admin/business-address"
              className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
            >
              Add your business address
            </Link>
          )}
        </div>
      )}
      <Button type="submit" className="h-11 sm:self-end" disabled={pending}>
        {pending ? (
          <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
        ) : (
          <TruckIcon aria-hidden="true" />
        )}
        {pending ? 'Booking courier…' : 'Book courier'}
      </Button>
    </form>
  )
}

/** The booked parcel: courier, AWB (copyable) and the label, which opens in a new tab to print. */
function Booked({ booking, onDone }: { booking: Booking; onDone: () => void }) {
  const print = useRef<HTMLAnchorElement>(null)
  // Keyboard and screen-reader users land on the next thing to do.
  useEffect(() => print.current?.focus(), [])
  const copy = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard
    if (!clipboard) {
      toast.error('Copying is not available here; select the AWB instead.')
      return
    }
    clipboard.writeText(booking.awb).then(
      () => toast.success('AWB copied'),
      () => toast.error('Copying is not available here; select the AWB instead.'),
    )
  }
  return (
    <div className="flex flex-col gap-4 text-sm">
      <p role="status" className="flex items-center gap-2 font-semibold text-success">
        <CircleCheckIcon aria-hidden="true" className="size-5" />
        Courier booked
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2">
        <dt className="text-muted-foreground">Courier</dt>
        <dd>{COURIER_LABELS[booking.courier]}</dd>
        <dt className="text-muted-foreground">AWB</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <span className="tabular font-mono text-base font-semibold break-all select-all">
            {booking.awb}
          </span>
          <Button variant="outline" size="sm" className="h-10" onClick={copy} aria-label="Copy AWB">
            <CopyIcon aria-hidden="true" />
            Copy
          </Button>
        </dd>
      </dl>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" className="h-11" onClick={onDone}>
          Done
        </Button>
        <a
          ref={print}
          href={booking.labelUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(buttonVariants(), 'h-11')}
        >
          <PrinterIcon aria-hidden="true" />
          Print label
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    </div>
  )
}

/**
 * The pickup address is missing: said before anything is typed (decision 084), with the way to
 * add it, instead of after "Book courier". The booking checks it again: the server decides.
 */
function PickupMissing({ step }: { step: SellerSetupStep }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-1 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
    >
      <p className="font-medium">Add your business address before you ship.</p>
      <p>{step.detail}</p>
      <Link
        to={step.fixPath}
        className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
      >
        {step.fixLabel}
      </Link>
    </div>
  )
}

/**
 * The parcel form, once the seller's checklist says the courier has somewhere to collect from.
 * A checklist that cannot be loaded does not stop the seller: the booking checks it anyway.
 */
function ShipStart({ row, onBooked }: { row: OrderRow; onBooked: (booking: Booking) => void }) {
  const setup = useSellerSetup()
  if (setup.isPending) {
    return (
      <p role="status" className="flex min-h-11 items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
        Checking your pickup address…
      </p>
    )
  }
  const pickup = setup.data?.steps.find((step) => step.key === 'pickupAddress')
  if (pickup && !pickup.done) return <PickupMissing step={pickup} />
  return <ShipForm row={row} onBooked={onBooked} />
}

function ShipParcel({ row, onDone }: { row: OrderRow; onDone: () => void }) {
  const [booking, setBooking] = useState<Booking | null>(null)
  return (
    <>
      <DialogHeader>
        <DialogTitle>Ship {row.orderNumber}</DialogTitle>
        <DialogDescription>
          {booking
            ? 'Print the label, stick it on the parcel and hand it to the courier at pickup.'
            : 'Weigh and measure the packed parcel. The courier picks it up from your business address.'}
        </DialogDescription>
      </DialogHeader>
      {booking ? (
        <Booked booking={booking} onDone={onDone} />
      ) : (
        <ShipStart row={row} onBooked={setBooking} />
      )}
    </>
  )
}

/** The "Ship" dialog for one of the seller's parts (`row`); closed while `row` is null. */
export function ShipDialog({
  row,
  onOpenChange,
}: {
  row: OrderRow | null
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog open={row !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        {row && <ShipParcel key={row._id} row={row} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}
