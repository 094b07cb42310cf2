import {
  createOrderGrievanceBody,
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_CATEGORY_LABELS,
  type GrievanceCategory,
} from '@techbazaar/shared'
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
import { useFormDialog } from '@/lib/use-form-dialog'
import { failureMessage } from '../api/cancel-order'
import { useReportProblem } from '../api/grievances'

export interface ReportProblemDialogProps {
  orderId: string
  /** The order's sellers' parts: with more than one, the shopper says which (or the whole order). */
  parts: { subOrderId: string; seller: string }[]
}

/**
 * "Report a problem" on an order (issue 30.7): what it is about, which seller's part, and the
 * shopper's words; opens a ticket the shopper follows under Tickets. A refusal stays in the
 * dialog in the API's words.
 */
export function ReportProblemDialog({ orderId, parts }: ReportProblemDialogProps) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" className="h-11 sm:h-10">
          Report a problem
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report a problem with this order</DialogTitle>
          <DialogDescription>
            You get a ticket number at once. We acknowledge it within 48 hours and resolve it within
            a month; follow it under Tickets in your account.
          </DialogDescription>
        </DialogHeader>
        {open && <ReportForm orderId={orderId} parts={parts} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

type Errors = Partial<Record<'category' | 'message', string>>

function ReportForm({ orderId, parts, onDone }: ReportProblemDialogProps & { onDone: () => void }) {
  const uid = useId()
  const { problem, pending, submit, clearProblem } = useFormDialog(useReportProblem(orderId), {
    onSuccess: onDone,
    refusal: failureMessage,
  })
  const [category, setCategory] = useState<GrievanceCategory | ''>('')
  const [subOrderId, setSubOrderId] = useState(
    parts.length === 1 ? (parts[0]?.subOrderId ?? '') : '',
  )
  const [message, setMessage] = useState('')
  const [errors, setErrors] = useState<Errors>({})

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = createOrderGrievanceBody.safeParse({
      category: category || undefined,
      message,
      ...(subOrderId ? { subOrderId } : {}),
    })
    if (!parsed.success) {
      clearProblem()
      const found: Errors = {}
      for (const issue of parsed.error.issues) {
        const key = issue.path[0]
        if ((key === 'category' || key === 'message') && !found[key]) found[key] = issue.message
      }
      setErrors(found)
      return
    }
    setErrors({})
    submit(parsed.data)
  }

  const field = (name: keyof Errors) =>
    errors[name]
      ? { 'aria-invalid': true as const, 'aria-describedby': `${uid}-${name}-error` }
      : {}
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <fieldset disabled={pending} className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${uid}-category`}>What is the problem about?</Label>
          <select
            id={`${uid}-category`}
            value={category}
            onChange={(e) => setCategory(e.target.value as GrievanceCategory)}
            className="h-11 rounded-md border bg-background px-3 text-sm"
            {...field('category')}
          >
            <option value="">Choose…</option>
            {GRIEVANCE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {GRIEVANCE_CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
          {errors.category && (
            <p id={`${uid}-category-error`} className="text-sm font-medium text-destructive">
              {errors.category}
            </p>
          )}
        </div>
        {parts.length > 1 && (
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${uid}-part`}>Which seller’s items?</Label>
            <select
              id={`${uid}-part`}
              value={subOrderId}
              onChange={(e) => setSubOrderId(e.target.value)}
              className="h-11 rounded-md border bg-background px-3 text-sm"
            >
              <option value="">The whole order</option>
              {parts.map((p) => (
                <option key={p.subOrderId} value={p.subOrderId}>
                  {p.seller}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${uid}-message`}>Describe the problem</Label>
          <Textarea
            id={`${uid}-message`}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            maxLength={5000}
            rows={5}
            {...field('message')}
          />
          {errors.message && (
            <p id={`${uid}-message-error`} className="text-sm font-medium text-destructive">
              {errors.message}
            </p>
          )}
        </div>
      </fieldset>
      <div role="alert" className="text-sm font-medium text-destructive empty:hidden">
        {problem}
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={pending}>
            Keep browsing
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending && <Spinner aria-hidden="true" />}
          Send report
        </Button>
      </DialogFooter>
    </form>
  )
}
