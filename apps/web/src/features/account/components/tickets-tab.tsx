import { grievanceReplyBody, type GrievanceTicket } from '@techbazaar/shared'
import { type FormEvent, useId, useState } from 'react'
import { Link } from 'react-router'
import { GrievanceTicketView, TicketStatusBadge } from '@/components/grievance-ticket-view'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { useFormDialog } from '@/lib/use-form-dialog'
import { failureMessage } from '../api/cancel-order'
import { useMyTickets, useWriteOnTicket } from '../api/grievances'

/** My Account → Tickets: the shopper's complaints, each with its thread and what they may write. */
export function TicketsTab() {
  const tickets = useMyTickets()
  if (tickets.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    )
  }
  if (tickets.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        We could not load your tickets. Please try again.
      </p>
    )
  }
  if (tickets.data.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No tickets yet. To complain about an order, open it under Orders and choose “Report a
        problem”; for anything else, write to us on the{' '}
        <Link to="/contact-us" className="text-primary hover:underline">
          Contact Us
        </Link>{' '}
        page.
      </p>
    )
  }
  return (
    <ul className="flex flex-col gap-3" aria-label="My tickets">
      {tickets.data.map((ticket) => (
        <li key={ticket._id}>
          <TicketCard ticket={ticket} />
        </li>
      ))}
    </ul>
  )
}

function TicketCard({ ticket }: { ticket: GrievanceTicket }) {
  const [open, setOpen] = useState(false)
  const uid = useId()
  return (
    <Card className="gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-xs text-muted-foreground">{ticket.number}</p>
          <h3 className="font-semibold">{ticket.subject}</h3>
        </div>
        <TicketStatusBadge ticket={ticket} />
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        aria-expanded={open}
        aria-controls={`${uid}-body`}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide details' : 'View details'}
      </Button>
      {open && (
        <div id={`${uid}-body`} className="flex flex-col gap-4">
          <GrievanceTicketView ticket={ticket} />
          {ticket.status !== 'closed' && <WriteForm ticketId={ticket._id} kind="reply" />}
          {ticket.canAppeal && <WriteForm ticketId={ticket._id} kind="appeal" />}
        </div>
      )}
    </Card>
  )
}

const WORDS = {
  reply: { label: 'Your reply', button: 'Send reply' },
  appeal: {
    label: 'Not satisfied? Ask our grievance officer to review it',
    button: 'Escalate to the grievance officer',
  },
}

/** A reply on the ticket, or an appeal of its resolution (the server refuses what may not be). */
export function WriteForm({ ticketId, kind }: { ticketId: string; kind: 'reply' | 'appeal' }) {
  const uid = useId()
  const [message, setMessage] = useState('')
  const [invalid, setInvalid] = useState('')
  const { problem, pending, submit, clearProblem } = useFormDialog(
    useWriteOnTicket(ticketId, kind),
    {
      onSuccess: () => setMessage(''),
      refusal: failureMessage,
    },
  )
  const error = invalid || problem
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = grievanceReplyBody.safeParse({ message })
    if (!parsed.success) {
      clearProblem()
      setInvalid(parsed.error.issues[0]?.message ?? 'Message is required')
      return
    }
    setInvalid('')
    submit(parsed.data)
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 border-t pt-3">
      <Label htmlFor={`${uid}-message`}>{WORDS[kind].label}</Label>
      <Textarea
        id={`${uid}-message`}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        maxLength={5000}
        rows={3}
        disabled={pending}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${uid}-error` : undefined}
      />
      {error && (
        <p id={`${uid}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" className="self-start" disabled={pending}>
        {pending && <Spinner aria-hidden="true" />}
        {WORDS[kind].button}
      </Button>
    </form>
  )
}
