import { payoutHoldInput } from '@techbazaar/shared'
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
import { Field } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/textarea'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useFormDialog } from '@/lib/use-form-dialog'
import { usePlaceHold } from '../api/hold-payouts'

/** The reason, required: the seller reads it on its Earnings page. */
function HoldForm({
  sellerId,
  sellerName,
  onDone,
}: {
  sellerId: string
  sellerName: string
  onDone: () => void
}) {
  const { problem, pending, submit, clearProblem } = useFormDialog(usePlaceHold(sellerId), {
    onSuccess: (response) => {
      toast.success(response.message)
      onDone()
    },
    refusal: (error) => messageOf(error, 'The payouts could not be held.'),
  })
  const [reason, setReason] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const input = useRef<HTMLTextAreaElement>(null)

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    clearProblem()
    const parsed = payoutHoldInput.safeParse({ reason })
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Say why payouts are held')
      input.current?.focus()
      return
    }
    setFieldError(null)
    submit(parsed.data)
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <DialogHeader className="pr-8">
        <DialogTitle>Hold payouts to {sellerName}</DialogTitle>
        <DialogDescription>
          No payout goes to this seller until you release the hold. The seller sees the reason.
        </DialogDescription>
      </DialogHeader>
      <Field id="hold-reason" label="Reason" error={fieldError ?? undefined}>
        {(control) => (
          <Textarea
            {...control}
            ref={input}
            maxLength={500}
            value={reason}
            disabled={pending}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </Field>
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
        <Button type="submit" variant="destructive" className="h-11" disabled={pending}>
          {pending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
          {pending ? 'Holding…' : 'Hold payouts'}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** Holds a seller's payouts with a reason; focus starts in the reason, then goes to `returnFocus`. */
export function HoldPayoutsDialog({
  open,
  onOpenChange,
  sellerId,
  sellerName,
  returnFocus,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  sellerId: string
  sellerName: string
  returnFocus: () => HTMLElement | null | undefined
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const target = returnFocus()
          if (!target) return
          event.preventDefault()
          target.focus()
        }}
      >
        {open && (
          <HoldForm
            sellerId={sellerId}
            sellerName={sellerName}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}
