import {
  ADMIN_GRIEVANCE_FILTERS,
  type AdminGrievanceFilter,
  type AdminGrievanceTicket,
} from '@techbazaar/shared'
import { useId, useState } from 'react'
import { useSearchParams } from 'react-router'
import { DocumentTitle } from '@/components/document-title'
import { GrievanceTicketView, TicketStatusBadge } from '@/components/grievance-ticket-view'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useSession } from '@/lib/session/get-session'
import { cn } from '@/lib/utils'
import { useAdminGrievances } from '../api/grievance-queue'
import { useSellerOfficer } from '../api/seller-officer'
import { GrievanceActionForm } from '../components/grievance-action-form'
import { SellerOfficerForm } from '../components/seller-officer-form'

const FILTER_LABELS: Record<AdminGrievanceFilter, string> = {
  open: 'Open',
  overdue: 'Overdue',
  closed: 'Resolved',
  all: 'All',
}

/**
 * /admin/grievances: the complaints queue (issue 30.7). A seller sees the tickets on its own
 * orders and names its grievance officer; an admin sees every ticket and works escalated ones
 * as the grievance officer. The dashboard links here with ?filter=overdue.
 */
export default function GrievancesPage() {
  const { user } = useSession()
  const isSeller = user?.type === 'vendor'
  const [params, setParams] = useSearchParams()
  const filter =
    ADMIN_GRIEVANCE_FILTERS.find((f) => f === params.get('filter')) ?? ADMIN_GRIEVANCE_FILTERS[0]
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)
  const list = useAdminGrievances({ filter, page })
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <DocumentTitle>Complaints | TechBazaar Admin</DocumentTitle>
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Complaints
        </h1>
        <p className="text-sm text-muted-foreground">
          Acknowledge each ticket within 48 hours and resolve it within a month of receipt; every
          step is mailed to the complainant. Overdue: past either day. Days are India time.
        </p>
      </div>
      {isSeller && <OfficerSection />}
      <div
        role="group"
        aria-label="Show tickets"
        className="flex w-full gap-1 overflow-x-auto border-b sm:w-fit"
      >
        {ADMIN_GRIEVANCE_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={f === filter}
            onClick={() => setParams(f === 'open' ? {} : { filter: f }, { replace: true })}
            className={cn(
              '-mb-px min-h-11 shrink-0 border-b-2 px-4 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
              f === filter
                ? 'border-primary text-primary'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {FILTER_LABELS[f]}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : list.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-destructive">
          We could not load the tickets.
          <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.data.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No tickets here.</p>
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label="Tickets">
            {list.data.data.map((ticket) => (
              <li key={ticket._id}>
                <TicketRow ticket={ticket} userId={user?.id ?? ''} />
              </li>
            ))}
          </ul>
          {list.data.pages > 1 && (
            <nav aria-label="Pages" className="flex items-center gap-2 text-sm">
              <Button
                size="sm"
                variant="outline"
                disabled={page <= 1}
                onClick={() => setParams({ filter, page: String(page - 1) }, { replace: true })}
              >
                Previous
              </Button>
              Page {page} of {list.data.pages}
              <Button
                size="sm"
                variant="outline"
                disabled={page >= list.data.pages}
                onClick={() => setParams({ filter, page: String(page + 1) }, { replace: true })}
              >
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  )
}

function TicketRow({ ticket, userId }: { ticket: AdminGrievanceTicket; userId: string }) {
  const [open, setOpen] = useState(false)
  const uid = useId()
  return (
    <Card className="gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-xs text-muted-foreground">
            {ticket.number}
            {ticket.orderNumber && ` · order ${ticket.orderNumber}`}
          </p>
          <h2 className="font-semibold">{ticket.subject}</h2>
          <p className="text-sm wrap-anywhere text-muted-foreground">
            {ticket.name} · {ticket.email}
            {ticket.assignee && ` · assigned to ${ticket.assignee.name}`}
          </p>
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
        {open ? 'Hide' : 'Open ticket'}
      </Button>
      {open && (
        <div id={`${uid}-body`} className="flex flex-col gap-3">
          <GrievanceTicketView ticket={ticket} />
          <GrievanceActionForm ticket={ticket} userId={userId} />
        </div>
      )}
    </Card>
  )
}

function OfficerSection() {
  const officer = useSellerOfficer()
  return (
    <Card className="gap-3 p-4">
      <h2 className="font-semibold">Your grievance officer</h2>
      <p className="text-sm text-muted-foreground">
        The law asks every seller to name one. Shoppers see their name, designation and contact on
        your tickets.
      </p>
      {officer.isPending ? (
        <Skeleton className="h-24" />
      ) : officer.isError ? (
        <p role="alert" className="text-sm text-destructive">
          We could not load your grievance officer.
        </p>
      ) : (
        <SellerOfficerForm current={officer.data} />
      )}
    </Card>
  )
}
