import { DocumentTitle } from '@/components/document-title'
import { PeriodSelect } from '@/components/period-select'
import { quarterKey } from '@/lib/report-periods'
import { useReportPeriods } from '@/lib/use-report-periods'
import { FeeInvoicesReportSection } from '../components/fee-invoices-report-section'
import { Form26qSection } from '../components/form26q-section'
import { Gstr8Section } from '../components/gstr8-section'

/**
 * /admin/tax-reports: the marketplace's returns read from the sellers' ledger (issue 28,
 * decision 61): GSTR-8 for a month and Form 26Q for a quarter, each with its CSV. The
 * marketplace has no first entry to start from, so the last 12 months (and their quarters) are
 * offered.
 */
export default function TaxReportsPage() {
  const periods = useReportPeriods()
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-8">
      <DocumentTitle>Tax reports | TechBazaar Admin</DocumentTitle>
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Tax reports
        </h1>
        <p className="max-w-3xl text-sm text-muted-foreground">
          The marketplace&apos;s returns from the sellers&apos; ledger: GSTR-8 (GST collected at
          source, monthly) and Form 26Q (income tax deducted at source, quarterly). Check them
          before filing. Amounts in rupees; months are India time.
        </p>
      </div>
      <Gstr8Section
        month={periods.month}
        picker={
          <PeriodSelect
            label="Month"
            value={periods.month}
            options={periods.monthOptions}
            onChange={periods.setMonth}
          />
        }
      />
      <FeeInvoicesReportSection month={periods.month} />
      <Form26qSection
        quarter={periods.quarter}
        picker={
          <PeriodSelect
            label="Quarter"
            value={quarterKey(periods.quarter)}
            options={periods.quarterOptions}
            onChange={periods.setQuarter}
          />
        }
      />
    </section>
  )
}
