import { formatShopDate, GRIEVANCE_STATUS_LABELS, type GrievanceTicket } from '@techbazaar/shared'
import { Badge } from '@/components/ui/badge'

const EVENT_LABELS: Record<GrievanceTicket['thread'][number]['event'], string> = {
  open: 'Complaint received',
  reply: 'Reply',
  acknowledge: 'Acknowledged',
  assign: 'Assigned',
  escalate: 'Escalated to the grievance officer',
  resolve: 'Resolved',
  appeal: 'Asked the grievance officer to review it',
  close: 'Closed by the grievance officer',
}

/** A ticket's status as a badge; an overdue one says so too. */
export function TicketStatusBadge({ ticket }: { ticket: GrievanceTicket }) {
  const ended = ticket.status === 'resolved' || ticket.status === 'closed'
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge variant={ended ? 'success' : 'secondary'}>
        {GRIEVANCE_STATUS_LABELS[ticket.status]}
      </Badge>
      {ticket.overdue && <Badge variant="destructive">Overdue</Badge>}
    </span>
  )
}

/**
 * A ticket's due dates, the seller's grievance officer when it named one, and its thread, oldest
 * first: what the complainant and the back office both read (issue 30.7).
 */
export function GrievanceTicketView({ ticket }: { ticket: GrievanceTicket }) {
  const officer = ticket.sellerGrievanceOfficer
  return (
    <div className="flex flex-col gap-3 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">Received</dt>
        <dd>{formatShopDate(ticket.createdAt, 'moment')}</dd>
        <dt className="text-muted-foreground">Acknowledge by</dt>
        <dd>
          {formatShopDate(ticket.acknowledgeBy, 'moment')}
          {ticket.acknowledgedAt && ` (done ${formatShopDate(ticket.acknowledgedAt, 'moment')})`}
        </dd>
        <dt className="text-muted-foreground">Resolve by</dt>
        <dd>
          {formatShopDate(ticket.resolveBy, 'moment')}
          {ticket.resolvedAt && ` (done ${formatShopDate(ticket.resolvedAt, 'moment')})`}
        </dd>
        {ticket.seller && (
          <>
            <dt className="text-muted-foreground">Seller</dt>
            <dd>{ticket.seller}</dd>
          </>
        )}
        {officer && (
          <>
            <dt className="text-muted-foreground">Seller’s grievance officer</dt>
            <dd className="wrap-anywhere">
              {officer.name}, {officer.designation} ·{' '}
              <a href={`mailto:${officer.email}`} className="text-primary hover:underline">
                {officer.email}
              </a>{' '}
              · {officer.phone}
            </dd>
          </>
        )}
      </dl>
      <ol aria-label="Messages and steps" className="flex flex-col gap-2 border-t pt-3">
        {ticket.thread.map((entry, i) => (
          <li key={i} className="rounded-md bg-muted/50 p-3">
            <p className="text-xs text-muted-foreground">
              <span className="font-medium text-foreground">{EVENT_LABELS[entry.event]}</span> ·{' '}
              {entry.authorName} · {formatShopDate(entry.at, 'moment')}
            </p>
            {entry.message && <p className="mt-1 whitespace-pre-line">{entry.message}</p>}
          </li>
        ))}
      </ol>
    </div>
  )
}
