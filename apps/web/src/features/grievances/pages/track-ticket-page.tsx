import { trackGrievanceBody, type GrievanceTicket } from '@techbazaar/shared'
import { type FormEvent, useId, useState } from 'react'
import { DocumentTitle } from '@/components/document-title'
import { GrievanceTicketView, TicketStatusBadge } from '@/components/grievance-ticket-view'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { useTrackTicket } from '../api/track-ticket'

type Field = 'number' | 'email'

/**
 * /track-ticket: anyone follows a complaint by its ticket number and the email it was sent from
 * (decision 071); signed-in shoppers also find theirs under My Account → Tickets.
 */
export default function TrackTicketPage() {
  const uid = useId()
  const [values, setValues] = useState({ number: '', email: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [ticket, setTicket] = useState<GrievanceTicket | null>(null)
  const track = useTrackTicket()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = trackGrievanceBody.safeParse(values)
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {}
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message
      setErrors(found)
      return
    }
    setErrors({})
    setTicket(null)
    track.mutate(parsed.data, { onSuccess: (answer) => setTicket(answer.data) })
  }
  const problem =
    track.error instanceof ApiError && track.error.status < 500
      ? track.error.message
      : track.error
        ? 'Something went wrong. Please try again.'
        : null
  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6"
    >
      <DocumentTitle>Track a complaint | TechBazaar</DocumentTitle>
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Track a complaint
        </h1>
        <p className="text-sm text-muted-foreground">
          Enter the ticket number from our mail and the email address you wrote from.
        </p>
      </div>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="Track a complaint"
        className="grid gap-4 sm:grid-cols-2"
      >
        {(
          [
            ['number', 'Ticket number', 'GRV-000123', 'off'],
            ['email', 'Email', 'you@example.com', 'email'],
          ] as const
        ).map(([name, label, placeholder, autoComplete]) => (
          <div key={name} className="flex flex-col gap-2">
            <Label htmlFor={`${uid}-${name}`}>{label}</Label>
            <Input
              id={`${uid}-${name}`}
              type={name === 'email' ? 'email' : 'text'}
              placeholder={placeholder}
              autoComplete={autoComplete}
              value={values[name]}
              onChange={(e) => setValues({ ...values, [name]: e.target.value })}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `${uid}-${name}-error` : undefined}
            />
            {errors[name] && (
              <p id={`${uid}-${name}-error`} className="text-sm font-medium text-destructive">
                {errors[name]}
              </p>
            )}
          </div>
        ))}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={track.isPending}>
            {track.isPending && <Spinner aria-hidden="true" />}
            Find my ticket
          </Button>
        </div>
      </form>
      <div role="status" aria-live="polite">
        {problem && <p className="text-sm font-medium text-destructive">{problem}</p>}
        {ticket && (
          <Card className="gap-3 p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <p className="font-mono text-xs text-muted-foreground">{ticket.number}</p>
                <h2 className="font-semibold">{ticket.subject}</h2>
              </div>
              <TicketStatusBadge ticket={ticket} />
            </div>
            <GrievanceTicketView ticket={ticket} />
          </Card>
        )}
      </div>
    </section>
  )
}
