import { PolicyPage } from '../components/policy-page'
import { policyDates } from '../content/company'
import { refundHighlights, refundSections, refundSummary } from '../content/refund-policy'

export default function RefundPage() {
  return (
    <PolicyPage
      policy="refund"
      title="Refund and Cancellation Policy"
      summary={refundSummary}
      lastUpdated={policyDates.refund}
      highlights={refundHighlights}
      sections={refundSections}
    />
  )
}
