import { FEE_INVOICE_KIND_LABELS, formatRupees, formatShopDate } from '@techbazaar/shared'
import { FileTextIcon } from 'lucide-react'
import { Link } from 'react-router'
import { CsvLink } from '@/components/csv-link'
import { ListView, type Column } from '@/components/list-view'
import { ReportFigures, ReportSection } from '@/components/report-section'
import { EmptyState, LoadFailed, LoadingRows } from '@/components/state-views'
import { formatMonth } from '@/lib/report-periods'
import { messageOf } from '@/lib/server-errors'
import {
  feeInvoiceReportCsvUrl,
  useFeeInvoiceReport,
  type MonthFeeInvoice,
} from '../api/get-fee-invoice-report'

const money = (value: number) => formatRupees(value)
/** A credit note takes its value off the month's supplies. */
const signed = (d: MonthFeeInvoice, value: number) => (d.kind === 'credit' ? -value : value)

const COLUMNS: Column<MonthFeeInvoice>[] = [
  {
    header: 'Document',
    cell: (d) => (
      <span className="flex flex-col">
        <span className="font-medium">{FEE_INVOICE_KIND_LABELS[d.kind]}</span>
        <span className="tabular whitespace-nowrap">{d.number}</span>
        <time dateTime={d.issuedAt} className="text-xs text-muted-foreground">
          {formatShopDate(d.issuedAt, 'medium')}
        </time>
      </span>
    ),
  },
  {
    header: 'Recipient',
    cell: (d) => (
      <span className="flex flex-col">
        <Link
          to={`/admin/settlements/${d.sellerId}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {d.sellerName}
        </Link>
        <span className="tabular text-xs text-muted-foreground">{d.gstin}</span>
      </span>
    ),
    className: 'xl:min-w-56',
  },
  { header: 'Place of supply', cell: (d) => d.placeOfSupply, className: 'xl:whitespace-nowrap' },
  { header: 'Taxable value', cell: (d) => money(d.taxable), className: 'tabular' },
  { header: 'IGST', cell: (d) => money(d.igst), className: 'tabular' },
  { header: 'CGST', cell: (d) => money(d.cgst), className: 'tabular' },
  { header: 'SGST/UTGST', cell: (d) => money(d.sgst), className: 'tabular' },
]

function ReportBody({ month }: { month: string }) {
  const report = useFeeInvoiceReport(month)
  if (report.isPending) return <LoadingRows label="Loading the fee invoices" count={3} />
  if (report.isError) {
    return (
      <LoadFailed
        message={messageOf(report.error, 'We could not load the fee invoices.')}
        onRetry={() => void report.refetch()}
      />
    )
  }
  const documents = report.data
  if (documents.length === 0) {
    return (
      <EmptyState
        title={`No fee invoices for ${formatMonth(month)}`}
        icon={<FileTextIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
        className="p-6"
      >
        <p className="text-sm text-muted-foreground">
          A month’s invoices are issued on the 1st of the next, to each seller charged commission or
          fees in it.
        </p>
      </EmptyState>
    )
  }
  const sum = (pick: (d: MonthFeeInvoice) => number) =>
    documents.reduce((s, d) => s + signed(d, pick(d)), 0)
  const tax = sum((d) => d.igst + d.cgst + d.sgst)
  return (
    <>
      <ReportFigures
        label="Fee invoice totals"
        figures={[
          {
            label: 'Taxable value',
            value: money(sum((d) => d.taxable)),
            note: 'less credit notes',
          },
          {
            label: 'GST charged',
            value: money(tax),
            note: `IGST ${money(sum((d) => d.igst))} · CGST ${money(sum((d) => d.cgst))} · SGST ${money(sum((d) => d.sgst))}`,
          },
          { label: 'Documents', value: String(documents.length), note: 'B2B, to sellers' },
        ]}
      />
      <ListView
        caption={`Fee invoices and credit notes of ${formatMonth(month)}`}
        columns={COLUMNS}
        rows={documents}
        rowKey={(d) => d._id}
      />
    </>
  )
}

/**
 * The marketplace's own B2B supplies of a month (decision 63): its tax invoices to sellers for
 * commission and fees and its credit notes, for its GSTR-1 (table 4A and 9B), with the CSV. The
 * month is the one picked for GSTR-8 above.
 */
export function FeeInvoicesReportSection({ month }: { month: string }) {
  const name = formatMonth(month)
  return (
    <ReportSection
      id="fee-invoices-report-title"
      title={`Fee invoices for ${name} (GSTR-1)`}
      description="The marketplace's own supplies: its tax invoices to sellers for commission and closing fees, and its credit notes for what returns gave back. For the month picked above."
      controls={
        <CsvLink href={feeInvoiceReportCsvUrl(month)} what={`of the fee invoices for ${name}`} />
      }
    >
      <ReportBody month={month} />
    </ReportSection>
  )
}
