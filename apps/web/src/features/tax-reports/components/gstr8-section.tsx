import { formatRupees, type Gstr8Row } from '@techbazaar/shared'
import { ReceiptIndianRupeeIcon } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import { CsvLink } from '@/components/csv-link'
import { ListView, type Column } from '@/components/list-view'
import { ReportFigures, ReportSection } from '@/components/report-section'
import { EmptyState, LoadFailed, LoadingRows } from '@/components/state-views'
import { formatMonth } from '@/lib/report-periods'
import { messageOf } from '@/lib/server-errors'
import { gstr8CsvUrl, useGstr8, type Gstr8 } from '../api/get-gstr8'

const money = (value: number) => formatRupees(value)

const COLUMNS: Column<Gstr8Row>[] = [
  { header: 'Table', cell: (r) => r.table, className: 'font-medium' },
  {
    header: 'Supplier',
    cell: (r) => (
      <span className="flex flex-col">
        <Link
          to={`/admin/settlements/${r.sellerId}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {r.legalName}
        </Link>
        <span className="tabular text-xs text-muted-foreground">{r.gstin}</span>
      </span>
    ),
    className: 'xl:min-w-56',
  },
  {
    header: 'Place of supply',
    cell: (r) => `${r.placeOfSupply.code}-${r.placeOfSupply.name}`,
    className: 'xl:whitespace-nowrap',
  },
  {
    // The form's gross and returned values as one figure and its note: most rows return nothing.
    header: 'Net value',
    cell: (r) => (
      <span className="flex flex-col">
        <span className="font-semibold">{money(r.netValue)}</span>
        {r.returnedValue !== 0 && (
          <span className="text-xs text-muted-foreground">
            {money(r.grossValue)} less {money(r.returnedValue)} returned
          </span>
        )}
      </span>
    ),
    className: 'tabular',
  },
  { header: 'IGST', cell: (r) => money(r.igst), className: 'tabular' },
  { header: 'CGST', cell: (r) => money(r.cgst), className: 'tabular' },
  { header: 'SGST/UTGST', cell: (r) => money(r.sgst), className: 'tabular' },
]

function Gstr8View({ report }: { report: Gstr8 }) {
  const { totals } = report
  if (report.rows.length === 0) {
    return (
      <EmptyState
        title={`No TCS in ${formatMonth(report.month)}`}
        icon={
          <ReceiptIndianRupeeIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        }
        className="p-6"
      >
        <p className="text-sm text-muted-foreground">
          No invoice or credit note of the month carried TCS: there is nothing to report.
        </p>
      </EmptyState>
    )
  }
  return (
    <>
      <p className="text-sm">
        E-commerce operator {report.operator.legalName}, GSTIN{' '}
        <span className="tabular font-medium">{report.operator.gstin}</span>
      </p>
      <ReportFigures
        label="GSTR-8 totals"
        figures={[
          {
            label: 'TCS to pay',
            value: money(totals.tcs),
            note: `IGST ${money(totals.igst)} · CGST ${money(totals.cgst)} · SGST ${money(totals.sgst)}`,
          },
          { label: 'Net value', value: money(totals.netValue), note: 'liable for TCS' },
          { label: 'Gross value', value: money(totals.grossValue), note: 'invoiced' },
          { label: 'Value returned', value: money(totals.returnedValue), note: 'credit notes' },
        ]}
      />
      <ListView
        caption="GSTR-8 Table 3 by supplier GSTIN"
        columns={COLUMNS}
        rows={report.rows}
        rowKey={(r) => `${r.table}-${r.gstin}-${r.placeOfSupply.code}`}
        flagged={(r) => r.netValue < 0}
      />
    </>
  )
}

function Gstr8Body({ month }: { month: string }) {
  const report = useGstr8(month)
  if (report.isPending) return <LoadingRows label="Loading GSTR-8" count={4} />
  if (report.isError) {
    return (
      <LoadFailed
        message={messageOf(report.error, 'We could not load GSTR-8.')}
        onRetry={() => void report.refetch()}
      />
    )
  }
  return <Gstr8View report={report.data} />
}

/**
 * GSTR-8 for a month: the TCS the marketplace collected, per supplier GSTIN, buyer kind (3A/3B)
 * and place of supply, with the totals it pays and the CSV for the offline tool. A row whose
 * returns outweigh its sales is tinted: how the portal takes a negative net is still to check.
 */
export function Gstr8Section({ month, picker }: { month: string; picker: React.ReactNode }) {
  const name = formatMonth(month)
  return (
    <ReportSection
      id="gstr8-title"
      title={`GSTR-8 for ${name}`}
      description="The GST collected at source on the sellers' supplies in the month (by invoice month; returns by credit-note month). Table 3A: to registered buyers; 3B: to unregistered ones."
      controls={
        <>
          {picker}
          <CsvLink href={gstr8CsvUrl(month)} what={`of GSTR-8 for ${name}`} />
        </>
      }
    >
      <Gstr8Body month={month} />
    </ReportSection>
  )
}
