import { formatRupees, updateRefundBody, type AdminRefund } from '@techbazaar/shared'
import { LoaderCircleIcon } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useFormDialog } from '@/lib/use-form-dialog'
import { useUpdateRefund } from '../api/update-refund'

/** The account to pay, in full: the admin types it into the bank's or UPI app's payout. */
function PayoutAccount({ payout }: { payout: NonNullable<AdminRefund['payout']> }) {
  const rows: [string, string][] =
    payout.kind === 'upi'
      ? [['UPI id', payout.upiId]]
      : [
          ['Account holder', payout.accountName],
          ['Account number', payout.accountNumber],
          ['IFSC', payout.ifsc],
        ]
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-lg border bg-muted/40 p-3 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="tabular font-medium break-all select-all">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * Records that a cash-on-delivery refund was paid to the shopper's UPI id or bank account: the
 * admin pays it outside the shop, then enters the payout's reference (UTR) here.
 */
function MarkPaidForm({ refund, onDone }: { refund: AdminRefund; onDone: () => void }) {
  const { problem, pending, submit, clearProblem } = useFormDialog(useUpdateRefund(), {
    onSuccess: (response) => {
      toast.success(response.message)
      onDone()
    },
    refusal: (error) => messageOf(error, 'The payout could not be recorded.'),
  })
  const [reference, setReference] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    clearProblem()
    const parsed = updateRefundBody.safeParse({ action: 'markPaid', reference })
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter the reference')
      input.current?.focus()
      return
    }
    setFieldError(null)
    submit({ refundId: refund._id, ...parsed.data })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {/* Clear of the close button in the corner. */}
      <DialogHeader className="pr-8">
        <DialogTitle>Mark paid: refund for {refund.orderNumber}</DialogTitle>
        <DialogDescription>
          Pay {formatRupees(refund.amount)} to {refund.customerName}’s account below, then enter the
          payout’s reference. The shopper is told the refund is complete.
        </DialogDescription>
      </DialogHeader>
      {refund.payout ? (
        <PayoutAccount payout={refund.payout} />
      ) : (
        <p className="text-sm text-destructive">This refund has no payout account.</p>
      )}
      <FormField
        ref={input}
        id="refund-reference"
        label="Reference (UTR)"
        autoComplete="off"
        maxLength={40}
        value={reference}
        disabled={pending}
        onChange={(event) => setReference(event.target.value)}
        error={fieldError ?? undefined}
        className="h-11"
      />
      {problem && (
        <p
          role="alert"
          className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm font-medium text-destructive"
        >
          {problem}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" className="h-11" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" className="h-11" disabled={pending}>
          {pending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
          {pending ? 'Saving…' : 'Mark paid'}
        </Button>
      </DialogFooter>
    </form>
  )
}

export function MarkPaidDialog({
  refund,
  onClose,
}: {
  refund: AdminRefund | null
  onClose: () => void
}) {
  return (
    <Dialog open={refund !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {refund && <MarkPaidForm key={refund._id} refund={refund} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  )
}
