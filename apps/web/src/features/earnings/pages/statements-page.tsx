import { ArrowLeftIcon } from 'lucide-react'
import { Link, Navigate } from 'react-router'
import { DocumentTitle } from '@/components/document-title'
import { PeriodSelect } from '@/components/period-select'
import { quarterKey } from '@/lib/report-periods'
import { useSession } from '@/lib/session/get-session'
import { useReportPeriods } from '@/lib/use-report-periods'
import { firstEntryMonth, useEarnings } from '../api/get-earnings'
import { FeeInvoicesSection } from '../components/fee-invoices-section'
import { Form16aSection } from '../components/form16a-section'
import { StatementSection } from '../components/statement-section'
import { TcsStatementSection } from '../components/tcs-statement-section'

function BackToEarnings() {
  return (
    <Link
      to="/admin/earnings"
      className="inline-flex min-h-11 w-fit items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      Earnings
    </Link>
  )
}

/**
 * The month's statement and TCS statement under one month picker, then the quarter's Form 16A
 * figures under their own. The months offered start at the seller's first entry, read from its
 * earnings (usually cached from the Earnings page); until they load, the last 12 are offered.
 */
function StatementsBody() {
  const earnings = useEarnings('own')
  const periods = useReportPeriods(firstEntryMonth(earnings.data))
  return (
    <>
      <PeriodSelect
        label="Month"
        value={periods.month}
        options={periods.monthOptions}
        onChange={periods.setMonth}
      />
      <StatementSection whose="own" month={periods.month} />
      <FeeInvoicesSection whose="own" month={periods.month} />
      <TcsStatementSection whose="own" month={periods.month} />
      <Form16aSection
        whose="own"
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
    </>
  )
}

/**
 * /admin/earnings/statements: a seller's statements and tax documents (issue 28, decision 61):
 * the monthly statement, the TCS statement to match with its GSTR-2X, and the Form 16A figures
 * for a quarter, each with its CSV where the API gives one.
 */
export default function StatementsPage() {
  const { user } = useSession()
  // The API reads a seller's own ledger only; admins read a seller's from Seller settlements.
  if (user && user.type !== 'vendor') return <Navigate to="/admin/dashboard" replace />
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-8">
      <DocumentTitle>Statements and tax documents | TechBazaar Seller Hub</DocumentTitle>
      <div className="flex flex-col gap-1">
        <BackToEarnings />
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Statements and tax documents
        </h1>
        <p className="text-sm text-muted-foreground">
          Your ledger month by month, the marketplace&apos;s tax invoices for its fees, the tax
          collected and deducted on your sales, and the CSV and PDF files for your accountant.
          Amounts in rupees; months are India time.
        </p>
      </div>
      <StatementsBody />
    </section>
  )
}
