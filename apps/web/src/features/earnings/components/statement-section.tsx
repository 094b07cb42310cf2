import { formatRupees, formatShopDate, shopDay } from '@techbazaar/shared'
import { ReceiptTextIcon } from 'lucide-react'
import { useState } from 'react'
import { CsvLink } from '@/components/csv-link'
import { DownloadLink } from '@/components/download-link'
import { ListView, type Column } from '@/components/list-view'
import { PayoutStatusBadge } from '@/components/payout-status-badge'
import { ReportFigures, ReportSection } from '@/components/report-section'
import { EmptyState, LoadFailed, LoadingRows } from '@/components/state-views'
import { formatMonth } from '@/lib/report-periods'
import { messageOf } from '@/lib/server-errors'
import {
  statementCsvUrl,
  statementPdfUrl,
  useStatement,
  type Statement,
} from '../api/get-statement'
import type { Whose } from '../api/whose'

type Part = Statement['parts'][number]
type Entry = Part['entries'][number]
type PayoutEntry = Statement['payouts'][number]

const day = (iso: string) => <time dateTime={iso}>{formatShopDate(iso, 'medium')}</time>
const money = (value: number) => formatRupees(value)

/** What an entry was worked out from ('6% of ₹3,998', '2 units'); a reversal's base is negative. */
function basisOf(entry: Entry): string | null {
  if (entry.rate !== null && entry.base !== null) {
    return `${entry.rate}% of ${money(Math.abs(entry.base))}`
  }
  if (entry.quantity !== null) return `${entry.quantity} ${entry.quantity === 1 ? 'unit' : 'units'}`
  return null
}

/**
 * A part's entries, one a line with its amount. The part's row is dated by its first entry, so
 * an entry of another day (a return after the delivery) says its own.
 */
function PartEntries({ part }: { part: Part }) {
  const firstDay = part.entries[0] ? shopDay(new Date(part.entries[0].at)) : null
  return (
    <ul className="flex flex-col gap-1">
      {part.entries.map((entry) => {
        const otherDay = shopDay(new Date(entry.at)) !== firstDay
        const notes = [basisOf(entry), otherDay ? formatShopDate(entry.at, 'medium') : null]
        const note = notes.filter(Boolean).join(' · ')
        return (
          <li key={entry.id} className="flex items-baseline justify-between gap-3">
            <span className="min-w-0">
              {entry.label}
              {note && <span className="text-xs text-muted-foreground"> · {note}</span>}
            </span>
            <span className="tabular whitespace-nowrap">{money(entry.amount)}</span>
          </li>
        )
      })}
    </ul>
  )
}

const PART_COLUMNS: Column<Part>[] = [
  { header: 'Order', cell: (p) => p.orderNumber, className: 'tabular font-medium' },
  {
    header: 'Date',
    cell: (p) => (p.entries[0] ? day(p.entries[0].at) : '—'),
    className: 'tabular whitespace-nowrap',
  },
  { header: 'Entries', cell: (p) => <PartEntries part={p} />, className: 'max-w-none xl:min-w-80' },
  { header: 'Total', cell: (p) => money(p.total), className: 'tabular font-semibold' },
]

const PAYOUT_COLUMNS: Column<PayoutEntry>[] = [
  { header: 'Date', cell: (p) => day(p.at), className: 'tabular whitespace-nowrap' },
  { header: 'Entry', cell: (p) => p.label },
  { header: 'Amount', cell: (p) => money(p.amount), className: 'tabular font-semibold' },
  { header: 'Status', cell: (p) => <PayoutStatusBadge status={p.status} /> },
  {
    header: 'UTR',
    cell: (p) => p.utr ?? '—',
    className: 'tabular break-all xl:break-normal xl:whitespace-nowrap',
  },
]

/** The balance the month started and ended with, and what its entries came to. */
function Balances({ statement }: { statement: Statement }) {
  // Read once: a month that ends while the page is open can say so on the next visit.
  const [now] = useState(() => Date.now())
  const lastInstant = new Date(Date.parse(statement.to) - 1)
  const ended = lastInstant.getTime() < now
  return (
    <ReportFigures
      label="Balances"
      figures={[
        {
          label: 'Opening balance',
          value: money(statement.openingBalance),
          note: <>at the start of {day(statement.from)}</>,
        },
        { label: 'Entries this month', value: money(statement.totals.net), note: 'net' },
        {
          label: 'Closing balance',
          value: money(statement.closingBalance),
          note: ended ? <>at the end of {day(lastInstant.toISOString())}</> : 'so far this month',
        },
      ]}
    />
  )
}

/** The month's sum per kind of entry, then their net. */
function TotalsByKind({ totals }: { totals: Statement['totals'] }) {
  return (
    <section aria-labelledby="statement-totals-title" className="flex max-w-xl flex-col gap-2">
      <h3 id="statement-totals-title" className="font-semibold">
        Totals by kind
      </h3>
      <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-6 gap-y-1.5 rounded-xl border bg-background p-4 text-sm">
        {totals.byKind.map((kind) => (
          <div key={kind.kind} className="contents">
            <dt className="text-muted-foreground">{kind.label}</dt>
            <dd className="tabular text-right">{money(kind.amount)}</dd>
          </div>
        ))}
        <dt className="border-t pt-1.5 font-semibold">Net for the month</dt>
        {/* Not red when negative: a month whose payouts exceed its earnings is a normal one. */}
        <dd className="tabular border-t pt-1.5 text-right font-semibold">{money(totals.net)}</dd>
      </dl>
    </section>
  )
}

function StatementView({ statement }: { statement: Statement }) {
  const empty = statement.parts.length === 0 && statement.payouts.length === 0
  return (
    <>
      <Balances statement={statement} />
      {empty ? (
        <EmptyState
          title={`No entries in ${formatMonth(statement.month)}`}
          icon={<ReceiptTextIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
          className="p-6"
        >
          <p className="text-sm text-muted-foreground">
            Entries are written when a part is delivered or returned and when a payout is made.
          </p>
        </EmptyState>
      ) : (
        <>
          {/* The summary first (totals, payouts), then the long list of each order's entries. */}
          <div className="grid gap-6 xl:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
            <TotalsByKind totals={statement.totals} />
            {statement.payouts.length > 0 && (
              <section aria-labelledby="statement-payouts-title" className="flex flex-col gap-2">
                <h3 id="statement-payouts-title" className="font-semibold">
                  Payouts
                </h3>
                <ListView
                  caption="The month's payouts"
                  columns={PAYOUT_COLUMNS}
                  rows={statement.payouts}
                  rowKey={(payout) => payout.id}
                  flagged={(payout) => payout.status === 'failed'}
                />
              </section>
            )}
          </div>
          {statement.parts.length > 0 && (
            <section aria-labelledby="statement-orders-title" className="flex flex-col gap-2">
              <h3 id="statement-orders-title" className="font-semibold">
                Orders
              </h3>
              <ListView
                caption="The month's entries by order"
                columns={PART_COLUMNS}
                rows={statement.parts}
                rowKey={(part) => part.subOrderId}
              />
            </section>
          )}
        </>
      )}
    </>
  )
}

function StatementBody({ whose, month }: { whose: Whose; month: string }) {
  const statement = useStatement(whose, month)
  if (statement.isPending) return <LoadingRows label="Loading the statement" count={4} />
  if (statement.isError) {
    return (
      <LoadFailed
        message={messageOf(statement.error, 'We could not load the statement.')}
        onRetry={() => void statement.refetch()}
      />
    )
  }
  return <StatementView statement={statement.data} />
}

/**
 * A seller's monthly statement: the balance at the start, every entry of the month by order
 * (sale, fees, taxes, returns) and the payouts with their UTRs, the totals, the balance at the
 * end; the same entries download as CSV, and the whole statement as a PDF to print or file.
 * Amounts are signed from the seller's side.
 */
export function StatementSection({ whose, month }: { whose: Whose; month: string }) {
  const name = formatMonth(month)
  return (
    <ReportSection
      id="statement-title"
      title={`Statement for ${name}`}
      description="Every entry in your ledger this month: what each order earned and what was deducted (+ adds to your balance, − takes from it), and the payouts."
      controls={
        <>
          <CsvLink href={statementCsvUrl(whose, month)} what={`of the statement for ${name}`} />
          <DownloadLink
            href={statementPdfUrl(whose, month)}
            label="Download PDF"
            what={`of the statement for ${name}`}
          />
        </>
      }
    >
      <StatementBody whose={whose} month={month} />
    </ReportSection>
  )
}
