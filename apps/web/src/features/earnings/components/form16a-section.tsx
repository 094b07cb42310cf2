import {
  formatRupees,
  formatShopDate,
  formatShopDay,
  HIGHER_RATE_NO_PAN_REASON,
  PAN_NOT_AVAILABLE,
} from '@techbazaar/shared'
import { InfoIcon, ScrollTextIcon } from 'lucide-react'
import type * as React from 'react'
import { ListView, type Column } from '@/components/list-view'
import { ReportFigures, ReportSection } from '@/components/report-section'
import { EmptyState, LoadFailed, LoadingRows } from '@/components/state-views'
import { formatMonth, formatQuarter, type FyQuarter } from '@/lib/report-periods'
import { messageOf } from '@/lib/server-errors'
import { useTdsCertificate, type TdsCertificate } from '../api/get-tds-certificate'
import type { Whose } from '../api/whose'

type Month = TdsCertificate['months'][number]

const money = (value: number) => formatRupees(value)
const higherRate = (m: Month) => m.reason === HIGHER_RATE_NO_PAN_REASON

const MONTH_COLUMNS: Column<Month>[] = [
  { header: 'Month', cell: (m) => formatMonth(m.month), className: 'font-medium' },
  {
    header: 'Date of credit',
    cell: (m) => <time dateTime={m.dateOfCredit}>{formatShopDay(m.dateOfCredit)}</time>,
    className: 'tabular whitespace-nowrap',
  },
  { header: 'Amount credited', cell: (m) => money(m.amountCredited), className: 'tabular' },
  {
    header: 'Rate',
    cell: (m) => (
      <span className="flex flex-col">
        <span className="tabular">{m.rate}%</span>
        {higherRate(m) && (
          <span className="text-xs text-destructive">Higher rate: no PAN on file</span>
        )}
      </span>
    ),
  },
  { header: 'TDS', cell: (m) => money(m.tds), className: 'tabular font-semibold' },
]

/** A label and its lines, for the deductor's and the deductee's cards. */
function Party({ title, rows }: { title: string; rows: [string, React.ReactNode][] }) {
  return (
    <div className="flex flex-col gap-2 rounded-xl border bg-background p-4">
      <h3 className="font-semibold">{title}</h3>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

function CertificateView({
  certificate,
  quarter,
}: {
  certificate: TdsCertificate
  quarter: FyQuarter
}) {
  const { deductor, deductee } = certificate
  if (certificate.months.length === 0) {
    return (
      <EmptyState
        title={`No TDS deducted in ${formatQuarter(quarter)}`}
        icon={<ScrollTextIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
        className="p-6"
      />
    )
  }
  const lastDay = new Date(Date.parse(certificate.to) - 1).toISOString()
  return (
    <>
      <div className="grid gap-3 md:grid-cols-2">
        <Party
          title="Deductor"
          rows={[
            ['Name', deductor.name],
            ['TAN', deductor.tan ?? <span className="text-muted-foreground">Not set yet</span>],
            [
              'PAN',
              <span key="pan" className="tabular">
                {deductor.pan}
              </span>,
            ],
            ['Address', deductor.address.join(', ')],
          ]}
        />
        <Party
          title="Deductee"
          rows={[
            ['Name', deductee.name],
            [
              'PAN',
              deductee.pan === PAN_NOT_AVAILABLE ? (
                <span className="text-destructive">Not given ({PAN_NOT_AVAILABLE})</span>
              ) : (
                <span className="tabular">{deductee.pan}</span>
              ),
            ],
            ['Section', '194-O (payments by an e-commerce operator)'],
            ['Assessment year', certificate.assessmentYear],
            [
              'Period',
              `${formatShopDate(certificate.from, 'medium')} to ${formatShopDate(lastDay, 'medium')}`,
            ],
          ]}
        />
      </div>
      <ListView
        caption="Amounts credited and TDS by month"
        columns={MONTH_COLUMNS}
        rows={certificate.months}
        rowKey={(m) => `${m.month}-${m.rate}`}
        flagged={higherRate}
      />
      <ReportFigures
        label="Quarter totals"
        figures={[
          { label: 'Amount credited', value: money(certificate.totals.amountCredited) },
          { label: 'TDS deducted', value: money(certificate.totals.tds) },
        ]}
      />
    </>
  )
}

function CertificateBody({ whose, quarter }: { whose: Whose; quarter: FyQuarter }) {
  const certificate = useTdsCertificate(whose, quarter)
  if (certificate.isPending) return <LoadingRows label="Loading the Form 16A figures" count={3} />
  if (certificate.isError) {
    return (
      <LoadFailed
        message={messageOf(certificate.error, 'We could not load the Form 16A figures.')}
        onRetry={() => void certificate.refetch()}
      />
    )
  }
  return <CertificateView certificate={certificate.data} quarter={quarter} />
}

/**
 * What a seller's Form 16A for a quarter should say: the marketplace's TDS under s.194-O on what
 * it credited the seller, by month. The certificate itself can only come from TRACES, so this
 * is a record to check it against, and says so.
 */
export function Form16aSection({
  whose,
  quarter,
  picker,
}: {
  whose: Whose
  quarter: FyQuarter
  /** The quarter's select, beside the heading. */
  picker: React.ReactNode
}) {
  return (
    <ReportSection
      id="form16a-title"
      title="TDS certificate (Form 16A)"
      description="The income tax the marketplace deducted under section 194-O from what it credited you in the quarter."
      controls={picker}
    >
      <p className="flex gap-2 rounded-lg border border-primary/20 bg-primary/5 p-3 text-sm">
        <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>
          Form 16A itself is issued from TRACES, the Income Tax Department&apos;s TDS portal, once
          the marketplace&apos;s quarterly TDS return (Form 26Q) is processed. These are the figures
          it should show; the same TDS appears in your Form 26AS.
        </span>
      </p>
      <CertificateBody whose={whose} quarter={quarter} />
    </ReportSection>
  )
}
