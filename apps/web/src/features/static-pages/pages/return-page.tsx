import { PolicyPage } from '../components/policy-page'
import { policyDates } from '../content/company'
import { returnHighlights, returnSections, returnSummary } from '../content/return-policy'

export default function ReturnPage() {
  return (
    <PolicyPage
      policy="return"
      title="Return Policy"
      summary={returnSummary}
      lastUpdated={policyDates.return}
      highlights={returnHighlights}
      sections={returnSections}
    />
  )
}
