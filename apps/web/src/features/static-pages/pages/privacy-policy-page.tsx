import { PolicyPage } from '../components/policy-page'
import { policyDates } from '../content/company'
import { privacyHighlights, privacySections, privacySummary } from '../content/privacy-policy'

export default function PrivacyPolicyPage() {
  return (
    <PolicyPage
      policy="privacy"
      title="Privacy Policy"
      summary={privacySummary}
      lastUpdated={policyDates.privacy}
      highlights={privacyHighlights}
      sections={privacySections}
    />
  )
}
