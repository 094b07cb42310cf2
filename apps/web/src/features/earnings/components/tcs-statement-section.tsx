import { formatRupees, formatShopDate, GST_STATES } from '@techbazaar/shared'
import { ReceiptIndianRupeeIcon } from 'lucide-react'
import { CsvLink } from '@/components/csv-link'
import { ListView, type Column } from '@/components/list-view'
import { ReportFigures, ReportSection } from '@/components/report-section'
import { EmptyState, LoadFailed, LoadingRows } from '@/components/state-views'
import { formatMonth } from '@/lib/report-periods'
import { messageOf } from '@/lib/server-errors'
import { tcsStatementCsvUrl, useTcsStatement, type TcsStatement } from '../api/get-tcs-statement'
import type { Whose } from '../api/whose'

type Invoice = TcsStatement['invoices'][number]
type Return = TcsStatement['returns'][number]

const money = (value: number) => formatRupees(value)
const day = (iso: string | null) =>
  iso ? <time dateTime={iso}>{formatShopDate(iso, 'medium')}</time> : '—'
/** '27-Maharashtra', as GSTN's templates write a place of supply. */
const placeOf = (code: string) => (GST_STATES[code] ? `${code}-${GST_STATES[code]}` : code)

const taxColumns = <T extends { igst: number; cgst: number; sgst: number }>(): Column<T>[] => [
  { header: 'IGST', cell: (r) => money(r.igst), className: 'tabular' },
  { header: 'CGST', cell: (r) => money(r.cgst), className: 'tabular' },
  { header: 'SGST/UTGST', cell: (r) => money(r.sgst), className: 'tabular' },
]

const INVOICE_COLUMNS: Column<Invoice>[] = [
  { header: 'Invoice', cell: (r) => r.invoiceNumber, className: 'tabular font-medium break-all' },
  { header: 'Date', cell: (r) => day(r.invoiceDate), className: 'tabular whitespace-nowrap' },
  { header: 'Order', cell: (r) => r.orderNumber, className: 'tabular' },
  { header: 'Place of supply', cell: (r) => placeOf(r.placeOfSupply) },
  { header: 'Taxable value', cell: (r) => money(r.taxableValue), className: 'tabular' },
  ...taxColumns<Invoice>(),
]

const RETURN_COLUMNS: Column<Return>[] = [
  {
    header: 'Credit note',
    cell: (r) => r.creditNoteNumber ?? '—',
    className: 'tabular font-medium break-all',
  },
  { header: 'Date', cell: (r) => day(r.creditNoteDate), className: 'tabular whitespace-nowrap' },
  { header: 'Invoice', cell: (r) => r.invoiceNumber, className: 'tabular break-all' },
  { header: 'Order', cell: (r) => r.orderNumber, className: 'tabular' },
  { header: 'Value returned', cell: (r) => money(r.returnedValue), className: 'tabular' },
  ...taxColumns<Return>(),
]

function TcsView({ statement }: { statement: TcsStatement }) {
  const { totals } = statement
  if (statement.invoices.length === 0 && statement.returns.length === 0) {
    return (
      <EmptyState
        title={`No TCS in ${formatMonth(statement.month)}`}
        icon={
          <ReceiptIndianRupeeIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        }
        className="p-6"
      >
        <p className="text-sm text-muted-foreground">
          TCS is collected on each invoice of a delivered order, in the month of the invoice.
        </p>
      </EmptyState>
    )
  }
  return (
    <>
      <p className="text-sm">
        Collected by {statement.operator.legalName}, GSTIN{' '}
        <span className="tabular font-medium">{statement.operator.gstin}</span>, from{' '}
        {statement.seller.name}, GSTIN{' '}
        <span className="tabular font-medium">{statement.seller.gstin ?? 'not given'}</span>.
      </p>
      <ReportFigures
        label="TCS totals"
        figures={[
          { label: 'Net taxable value', value: money(totals.netValue) },
          {
            label: 'TCS collected',
            value: money(totals.tcs),
            note: `IGST ${money(totals.igst)} · CGST ${money(totals.cgst)} · SGST ${money(totals.sgst)}`,
          },
          { label: 'Gross value', value: money(totals.grossValue), note: 'invoiced' },
          { label: 'Value returned', value: money(totals.returnedValue), note: 'credit notes' },
        ]}
      />
      {statement.invoices.length > 0 && (
        <section aria-labelledby="tcs-invoices-title" className="flex flex-col gap-2">
          <h3 id="tcs-invoices-title" className="font-semibold">
            Invoices
          </h3>
          <ListView
            caption="Invoices and the TCS on them"
            columns={INVOICE_COLUMNS}
            rows={statement.invoices}
            rowKey={(r) => r.invoiceNumber}
          />
        </section>
      )}
      {statement.returns.length > 0 && (
        <section aria-labelledby="tcs-returns-title" className="flex flex-col gap-2">
          <h3 id="tcs-returns-title" className="font-semibold">
            Returns
          </h3>
          <ListView
            caption="Credit notes and the TCS given back"
            columns={RETURN_COLUMNS}
            rows={statement.returns}
            rowKey={(r) => `${r.creditNoteNumber ?? 'none'}-${r.invoiceNumber}`}
          />
        </section>
      )}
    </>
  )
}

function TcsBody({ whose, month }: { whose: Whose; month: string }) {
  const statement = useTcsStatement(whose, month)
  if (statement.isPending) return <LoadingRows label="Loading the TCS statement" count={3} />
  if (statement.isError) {
    return (
      <LoadFailed
        message={messageOf(statement.error, 'We could not load the TCS statement.')}
        onRetry={() => void statement.refetch()}
      />
    )
  }
  return <TcsView statement={statement.data} />
}

/**
 * The GST collected at source on a seller's sales in a GSTR-8 month (the invoice's month), per
 * invoice and per credit note: what the seller matches against its GSTR-2X before claiming it.
 */
export function TcsStatementSection({ whose, month }: { whose: Whose; month: string }) {
  const name = formatMonth(month)
  return (
    <ReportSection
      id="tcs-statement-title"
      title={`TCS statement for ${name}`}
      description="The GST the marketplace collected at source (TCS) on your invoices of the month, as its GSTR-8 reports it. Match it with your GSTR-2X before you claim it in your cash ledger."
      controls={
        <CsvLink
          href={tcsStatementCsvUrl(whose, month)}
          what={`of the TCS statement for ${name}`}
        />
      }
    >
      <TcsBody whose={whose} month={month} />
    </ReportSection>
  )
}
