import { PolicyPage } from '../components/policy-page'
import { useTermsHighlights } from '../components/shop-terms'
import { policyDates } from '../content/company'
import { returnHighlights, returnSections, returnSummary } from '../content/return-policy'

export default function ReturnPage() {
  const highlights = useTermsHighlights(returnHighlights)
  return (
    <PolicyPage
      policy="return"
      title="Return Policy"
      summary={returnSummary}
      lastUpdated={policyDates.return}
      highlights={highlights}
      sections={returnSections}
    />
  )
}
