import { FEE_INVOICE_KIND_LABELS, formatRupees, formatShopDate } from '@techbazaar/shared'
import { FileTextIcon } from 'lucide-react'
import { DownloadLink } from '@/components/download-link'
import { ListView, type Column } from '@/components/list-view'
import { ReportSection } from '@/components/report-section'
import { EmptyState, LoadFailed, LoadingRows } from '@/components/state-views'
import { formatMonth } from '@/lib/report-periods'
import { messageOf } from '@/lib/server-errors'
import { feeInvoicePdfUrl, useFeeInvoices, type FeeInvoice } from '../api/get-fee-invoices'
import type { Whose } from '../api/whose'

const money = (value: number) => formatRupees(value)

const COLUMNS: Column<FeeInvoice>[] = [
  {
    header: 'Document',
    cell: (d) => (
      <span className="flex flex-col">
        <span className="font-medium">{FEE_INVOICE_KIND_LABELS[d.kind]}</span>
        <span className="tabular whitespace-nowrap">{d.number}</span>
        {d.against.length > 0 && (
          <span className="text-xs text-muted-foreground">against {d.against.join(', ')}</span>
        )}
      </span>
    ),
  },
  {
    header: 'Date',
    cell: (d) => <time dateTime={d.issuedAt}>{formatShopDate(d.issuedAt, 'medium')}</time>,
    className: 'tabular whitespace-nowrap',
  },
  { header: 'Taxable value', cell: (d) => money(d.taxable), className: 'tabular' },
  { header: 'GST', cell: (d) => money(d.igst + d.cgst + d.sgst), className: 'tabular' },
  { header: 'Total', cell: (d) => money(d.total), className: 'tabular font-semibold' },
]

function FeeInvoicesBody({ whose, month }: { whose: Whose; month: string }) {
  const documents = useFeeInvoices(whose)
  if (documents.isPending) return <LoadingRows label="Loading the tax invoices" count={2} />
  if (documents.isError) {
    return (
      <LoadFailed
        message={messageOf(documents.error, 'We could not load the tax invoices.')}
        onRetry={() => void documents.refetch()}
      />
    )
  }
  const ofMonth = documents.data.filter((d) => d.month === month)
  if (ofMonth.length === 0) {
    return (
      <EmptyState
        title={`No tax invoice for ${formatMonth(month)}`}
        icon={<FileTextIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
        className="p-6"
      >
        <p className="text-sm text-muted-foreground">
          The marketplace invoices a month’s commission and fees on the 1st of the next month, when
          there were any.
        </p>
      </EmptyState>
    )
  }
  return (
    <ListView
      caption={`Tax invoices and credit notes for ${formatMonth(month)}`}
      columns={COLUMNS}
      rows={ofMonth}
      rowKey={(d) => d._id}
      actions={(d) => (
        <DownloadLink
          href={feeInvoicePdfUrl(d._id)}
          label="Download PDF"
          what={`of ${FEE_INVOICE_KIND_LABELS[d.kind].toLowerCase()} ${d.number}`}
        />
      )}
    />
  )
}

/**
 * The marketplace's GST documents to the seller for a month (decision 63): its tax invoice for
 * the commission and closing fees, and a credit note when returns gave back an earlier month's;
 * the GST on them is the seller's input tax credit. Each downloads as a PDF.
 */
export function FeeInvoicesSection({ whose, month }: { whose: Whose; month: string }) {
  return (
    <ReportSection
      id="fee-invoices-title"
      title={`Tax invoices for commission and fees, ${formatMonth(month)}`}
      description="What the marketplace charged you for its services this month, with GST, as tax invoices to your GSTIN: claim the GST as input tax credit."
    >
      <FeeInvoicesBody whose={whose} month={month} />
    </ReportSection>
  )
}
