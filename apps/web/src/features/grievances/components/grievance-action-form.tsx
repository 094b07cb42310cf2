import {
  updateGrievanceBody,
  type AdminGrievanceTicket,
  type GrievanceStaffAction,
} from '@techbazaar/shared'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import { useFormDialog } from '@/lib/use-form-dialog'
import { useUpdateGrievance } from '../api/grievance-queue'

export const ACTION_LABELS: Record<GrievanceStaffAction, string> = {
  acknowledge: 'Acknowledge',
  reply: 'Reply',
  assign: 'Assign to me',
  escalate: 'Escalate to the grievance officer',
  resolve: 'Resolve',
  close: 'Close with the grievance officer’s resolution',
}

/** Actions whose message the complainant must read (the API refuses them without one). */
const NEEDS_MESSAGE: readonly GrievanceStaffAction[] = ['reply', 'resolve', 'close']

const failure = (error: unknown) =>
  error instanceof ApiError && error.status < 500
    ? error.message
    : 'Something went wrong. Please try again.'

/**
 * Works one ticket of the queue: the actions the server says the caller may take (a seller's
 * or an admin's), with a message mailed to the complainant. "Assign to me" takes the ticket.
 */
export function GrievanceActionForm({
  ticket,
  userId,
}: {
  ticket: AdminGrievanceTicket
  /** The signed-in admin, for "Assign to me". */
  userId: string
}) {
  const uid = useId()
  const [action, setAction] = useState<GrievanceStaffAction | ''>(ticket.actions[0] ?? '')
  const [message, setMessage] = useState('')
  const [invalid, setInvalid] = useState('')
  const { problem, pending, submit, clearProblem } = useFormDialog(useUpdateGrievance(ticket._id), {
    onSuccess: () => setMessage(''),
    refusal: failure,
  })
  if (ticket.actions.length === 0) {
    return <p className="text-sm text-muted-foreground">Nothing left to do on this ticket.</p>
  }
  const error = invalid || problem
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = updateGrievanceBody.safeParse({
      action: action || undefined,
      ...(message.trim() ? { message } : {}),
      ...(action === 'assign' ? { assigneeId: userId } : {}),
    })
    if (!parsed.success) {
      clearProblem()
      setInvalid(parsed.error.issues[0]?.message ?? 'Check the form')
      return
    }
    setInvalid('')
    submit(parsed.data)
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 border-t pt-3">
      <fieldset disabled={pending} className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${uid}-action`}>Action</Label>
          <select
            id={`${uid}-action`}
            value={action}
            onChange={(e) => setAction(e.target.value as GrievanceStaffAction)}
            className="h-11 rounded-md border bg-background px-3 text-sm sm:max-w-sm"
          >
            {ticket.actions.map((a) => (
              <option key={a} value={a}>
                {ACTION_LABELS[a]}
              </option>
            ))}
          </select>
        </div>
        {action !== 'assign' && (
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${uid}-message`}>
              {action && NEEDS_MESSAGE.includes(action)
                ? 'Message to the complainant'
                : 'Message to the complainant (optional)'}
            </Label>
            <Textarea
              id={`${uid}-message`}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              maxLength={5000}
              rows={3}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${uid}-error` : undefined}
            />
          </div>
        )}
      </fieldset>
      {error && (
        <p id={`${uid}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" className="self-start" disabled={pending}>
        {pending && <Spinner aria-hidden="true" />}
        {action ? ACTION_LABELS[action] : 'Save'}
      </Button>
    </form>
  )
}
