import { PolicyPage } from '../components/policy-page'
import { policyDates } from '../content/company'
import { termsHighlights, termsSections, termsSummary } from '../content/terms'

export default function TermsPage() {
  return (
    <PolicyPage
      policy="terms"
      title="Terms and Conditions"
      summary={termsSummary}
      lastUpdated={policyDates.terms}
      highlights={termsHighlights}
      sections={termsSections}
    />
  )
}
