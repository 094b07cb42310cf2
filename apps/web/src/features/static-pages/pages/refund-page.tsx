import { PolicyPage } from '../components/policy-page'
import { useTermsHighlights } from '../components/shop-terms'
import { policyDates } from '../content/company'
import { refundHighlights, refundSections, refundSummary } from '../content/refund-policy'

export default function RefundPage() {
  const highlights = useTermsHighlights(refundHighlights)
  return (
    <PolicyPage
      policy="refund"
      title="Refund and Cancellation Policy"
      summary={refundSummary}
      lastUpdated={policyDates.refund}
      highlights={highlights}
      sections={refundSections}
    />
  )
}
