import { formatRupees, formatShopDate, type EarningsPart } from '@techbazaar/shared'
import type * as React from 'react'
import { Badge } from '@/components/ui/badge'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { cn } from '@/lib/utils'

const moment = (iso: string) => <time dateTime={iso}>{formatShopDate(iso, 'medium')}</time>

/**
 * Where a part's money stands. A part with a return open stays on hold past its date until the
 * return is settled, so it says so instead of a date that has gone by.
 */
function PartStatus({ part }: { part: EarningsPart }) {
  if (part.status === 'paid') return <Badge variant="success">Paid</Badge>
  if (part.status === 'inPayout') return <Badge variant="outline">In payout</Badge>
  if (part.status === 'payable') return <Badge>Payable</Badge>
  if (part.returnOpen) {
    return (
      <span className="flex flex-col items-start gap-1">
        <Badge variant="warning">Return open</Badge>
        <span className="text-xs text-muted-foreground">On hold until the return is settled</span>
      </span>
    )
  }
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge variant="secondary">On hold</Badge>
      <span className="text-xs text-muted-foreground">until {moment(part.holdUntil)}</span>
    </span>
  )
}

const money = (value: number) => formatRupees(value)

/** The columns in one place: the desk table and the phone cards both read them. */
const COLUMNS: {
  header: string
  cell: (part: EarningsPart) => React.ReactNode
  /** Amounts line up on the right in the table. */
  amount?: boolean
  className?: string
}[] = [
  { header: 'Order', cell: (p) => p.orderNumber, className: 'tabular font-medium' },
  { header: 'Delivered', cell: (p) => moment(p.deliveredAt), className: 'tabular' },
  { header: 'Status', cell: (p) => <PartStatus part={p} /> },
  { header: 'Sale', cell: (p) => money(p.sale), amount: true },
  { header: 'Commission', cell: (p) => money(p.commission), amount: true },
  { header: 'Closing fee', cell: (p) => money(p.closingFee), amount: true },
  { header: 'GST on fees', cell: (p) => money(p.feeGst), amount: true },
  { header: 'TCS', cell: (p) => money(p.tcs), amount: true },
  { header: 'TDS', cell: (p) => money(p.tds), amount: true },
  {
    header: 'Net',
    cell: (p) => <span className={cn(p.net < 0 && 'text-destructive')}>{money(p.net)}</span>,
    amount: true,
    className: 'font-semibold',
  },
]

/** Each delivered part's breakdown: a table on desks, stacked cards under 1024 px. */
export function EarningsParts({ parts }: { parts: EarningsPart[] }) {
  return (
    <>
      <Table containerClassName="hidden lg:block">
        <TableCaption className="sr-only">
          Earnings by delivered part, newest first, in rupees
        </TableCaption>
        <TableHeader>
          <TableRow>
            {COLUMNS.map(({ header, amount }) => (
              <TableHead key={header} className={cn(amount && 'text-right')}>
                {header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {parts.map((part) => (
            <TableRow key={part.subOrderId} className="align-middle">
              {COLUMNS.map(({ header, cell, amount, className }) => (
                <TableCell
                  key={header}
                  className={cn(
                    'py-2.5',
                    amount && 'tabular text-right whitespace-nowrap',
                    className,
                  )}
                >
                  {cell(part)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <ul className="grid gap-3 sm:grid-cols-2 lg:hidden" aria-label="Delivered parts">
        {parts.map((part) => (
          <li key={part.subOrderId} className="rounded-xl border bg-background p-4">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
              {COLUMNS.map(({ header, cell, amount, className }) => (
                <div key={header} className="contents">
                  <dt className="text-muted-foreground">{header}</dt>
                  <dd className={cn('min-w-0', amount && 'tabular text-right', className)}>
                    {cell(part)}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  )
}

/** What each deduction is, once, above the parts. */
export function DeductionsExplained() {
  return (
    <div className="rounded-xl border bg-background p-4 text-sm">
      <p className="font-medium">Net = sale − commission − closing fee − GST on fees − TCS − TDS</p>
      <dl className="mt-2 grid gap-x-3 gap-y-1 text-muted-foreground sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="font-medium text-foreground">Commission</dt>
        <dd>The marketplace&apos;s share of the sale, by category and price.</dd>
        <dt className="font-medium text-foreground">Closing fee</dt>
        <dd>A fixed fee for each unit sold.</dd>
        <dt className="font-medium text-foreground">GST on fees</dt>
        <dd>18% GST on the commission and the closing fee.</dd>
        <dt className="font-medium text-foreground">TCS</dt>
        <dd>
          0.5% GST collected at source (CGST Act s.52) on the taxable value; credited to your GSTIN.
        </dd>
        <dt className="font-medium text-foreground">TDS</dt>
        <dd>
          0.1% income tax deducted under s.194-O on the taxable value (5% while no PAN is on file);
          credited to your PAN.
        </dd>
      </dl>
    </div>
  )
}
