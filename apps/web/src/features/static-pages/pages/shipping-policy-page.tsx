import { PolicyPage } from '../components/policy-page'
import { policyDates } from '../content/company'
import { shippingHighlights, shippingSections, shippingSummary } from '../content/shipping-policy'

export default function ShippingPolicyPage() {
  return (
    <PolicyPage
      policy="shipping"
      title="Shipping Policy"
      summary={shippingSummary}
      lastUpdated={policyDates.shipping}
      highlights={shippingHighlights}
      sections={shippingSections}
    />
  )
}
