import {
  formatRupees,
  formatShopDay,
  HIGHER_RATE_NO_PAN_REASON,
  PAN_NOT_AVAILABLE,
  type Form26qRow,
} from '@techbazaar/shared'
import { ScrollTextIcon } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import { CsvLink } from '@/components/csv-link'
import { ListView, type Column } from '@/components/list-view'
import { ReportFigures, ReportSection } from '@/components/report-section'
import { EmptyState, LoadFailed, LoadingRows } from '@/components/state-views'
import { Badge } from '@/components/ui/badge'
import { formatMonth, formatQuarter, type FyQuarter } from '@/lib/report-periods'
import { messageOf } from '@/lib/server-errors'
import { form26qCsvUrl, useForm26q, type Form26q } from '../api/get-form26q'

const money = (value: number) => formatRupees(value)
const higherRate = (r: Form26qRow) => r.reason === HIGHER_RATE_NO_PAN_REASON

const DEDUCTEE_CODES: Record<Form26qRow['deducteeCode'], string> = {
  '01': '01 · Company',
  '02': '02 · Other',
}

const COLUMNS: Column<Form26qRow>[] = [
  {
    header: 'Deductee',
    cell: (r) => (
      <span className="flex flex-col">
        <Link
          to={`/admin/settlements/${r.sellerId}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {r.name}
        </Link>
        <span
          className={
            r.pan === PAN_NOT_AVAILABLE
              ? 'text-xs font-medium text-destructive'
              : 'tabular text-xs text-muted-foreground'
          }
        >
          {r.pan === PAN_NOT_AVAILABLE ? `No PAN (${PAN_NOT_AVAILABLE})` : r.pan}
        </span>
      </span>
    ),
    className: 'xl:min-w-48',
  },
  {
    header: 'Code',
    cell: (r) => DEDUCTEE_CODES[r.deducteeCode],
    className: 'xl:whitespace-nowrap',
  },
  { header: 'Month', cell: (r) => formatMonth(r.month) },
  {
    header: 'Date of credit',
    cell: (r) => <time dateTime={r.dateOfCredit}>{formatShopDay(r.dateOfCredit)}</time>,
    className: 'tabular whitespace-nowrap',
  },
  {
    header: 'Amount credited',
    cell: (r) => (
      <span className="flex flex-col">
        <span className="font-semibold">{money(r.amountCredited)}</span>
        {r.returnedAdjusted !== 0 && (
          <span className="text-xs text-muted-foreground">
            {money(r.grossCredited)} less {money(r.returnedAdjusted)} returned
          </span>
        )}
      </span>
    ),
    className: 'tabular',
  },
  {
    header: 'Rate',
    cell: (r) => (
      <span className="flex flex-col items-start gap-1">
        <span className="tabular">{r.rate}%</span>
        {higherRate(r) && (
          <Badge variant="destructive">No PAN · reason {HIGHER_RATE_NO_PAN_REASON}</Badge>
        )}
      </span>
    ),
  },
  { header: 'TDS', cell: (r) => money(r.tds), className: 'tabular font-semibold' },
]

function Form26qView({ report, quarter }: { report: Form26q; quarter: FyQuarter }) {
  if (report.rows.length === 0) {
    return (
      <EmptyState
        title={`No TDS in ${formatQuarter(quarter)}`}
        icon={<ScrollTextIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
        className="p-6"
      >
        <p className="text-sm text-muted-foreground">
          Nothing was credited to a seller in the quarter: there are no deductee rows.
        </p>
      </EmptyState>
    )
  }
  const flagged = report.rows.filter(higherRate).length
  return (
    <>
      <ReportFigures
        label="Form 26Q totals"
        figures={[
          { label: 'TDS deducted', value: money(report.totals.tds), note: 'section 194-O' },
          { label: 'Amount credited', value: money(report.totals.amountCredited) },
          { label: 'Deductees', value: report.totals.deductees },
        ]}
      />
      {flagged > 0 && (
        <p role="note" className="text-sm font-medium text-destructive">
          {flagged} {flagged === 1 ? 'row was' : 'rows were'} deducted at the higher rate because
          the seller had no PAN on file (reason {HIGHER_RATE_NO_PAN_REASON}).
        </p>
      )}
      <ListView
        caption="Form 26Q deductee rows"
        columns={COLUMNS}
        rows={report.rows}
        rowKey={(r) => `${r.sellerId}-${r.month}-${r.rate}`}
        flagged={higherRate}
      />
    </>
  )
}

function Form26qBody({ quarter }: { quarter: FyQuarter }) {
  const report = useForm26q(quarter)
  if (report.isPending) return <LoadingRows label="Loading Form 26Q" count={4} />
  if (report.isError) {
    return (
      <LoadFailed
        message={messageOf(report.error, 'We could not load Form 26Q.')}
        onRetry={() => void report.refetch()}
      />
    )
  }
  return <Form26qView report={report.data} quarter={quarter} />
}

/**
 * Form 26Q's deductee rows for a quarter: TDS under s.194-O per seller, month and rate, with the
 * totals and the annexure's CSV. Rows deducted at the no-PAN rate are tinted and badged (reason
 * C), since the return must say why the rate was higher.
 */
export function Form26qSection({
  quarter,
  picker,
}: {
  quarter: FyQuarter
  picker: React.ReactNode
}) {
  const name = formatQuarter(quarter)
  return (
    <ReportSection
      id="form26q-title"
      title="Form 26Q"
      description={
        <>
          TDS under section 194-O on what the sellers were credited in {name}: one row per seller,
          month and rate. Challan details are added when filing.
        </>
      }
      controls={
        <>
          {picker}
          <CsvLink href={form26qCsvUrl(quarter)} what={`of Form 26Q for ${name}`} />
        </>
      }
    >
      <Form26qBody quarter={quarter} />
    </ReportSection>
  )
}
