import { PeriodSelect } from '@/components/period-select'
import { CsvLink } from '@/components/csv-link'
import { DownloadLink } from '@/components/download-link'
import { formatMonth } from '@/lib/report-periods'
import { useReportPeriods } from '@/lib/use-report-periods'
import { firstEntryMonth, useEarnings } from '../api/get-earnings'
import { statementCsvUrl, statementPdfUrl } from '../api/get-statement'
import { FeeInvoicesSection } from './fee-invoices-section'
import { tcsStatementCsvUrl } from '../api/get-tcs-statement'

/**
 * A seller's statement (CSV and PDF), TCS statement and the marketplace's tax invoices to it for
 * a month, as the seller downloads them,
 * from the admins' routes for that seller (a seller asking about a payout or a TCS credit is
 * answered from the same figures). The months start at the seller's first entry.
 */
export function SellerStatementLinks({ sellerId }: { sellerId: string }) {
  const earnings = useEarnings({ sellerId })
  const periods = useReportPeriods(firstEntryMonth(earnings.data))
  const whose = { sellerId }
  const name = formatMonth(periods.month)
  return (
    <section
      aria-labelledby="statements-title"
      className="flex max-w-3xl flex-col gap-3 rounded-xl border bg-background p-4 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="statements-title" className="text-lg font-semibold">
          Statements
        </h2>
        <p className="text-sm text-muted-foreground">
          The seller&apos;s ledger entries, its TCS and the marketplace&apos;s tax invoices to it
          for a month, as the seller downloads them.
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <PeriodSelect
          label="Month"
          value={periods.month}
          options={periods.monthOptions}
          onChange={periods.setMonth}
        />
        <CsvLink
          href={statementCsvUrl(whose, periods.month)}
          label="Statement CSV"
          what={`for ${name}`}
        />
        <DownloadLink
          href={statementPdfUrl(whose, periods.month)}
          label="Statement PDF"
          what={`for ${name}`}
        />
        <CsvLink
          href={tcsStatementCsvUrl(whose, periods.month)}
          label="TCS statement CSV"
          what={`for ${name}`}
        />
      </div>
      <FeeInvoicesSection whose={whose} month={periods.month} />
    </section>
  )
}
