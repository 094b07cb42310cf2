import { PolicyPage } from '../components/policy-page'
import { useTermsHighlights } from '../components/shop-terms'
import { policyDates } from '../content/company'
import { shippingHighlights, shippingSections, shippingSummary } from '../content/shipping-policy'

export default function ShippingPolicyPage() {
  const highlights = useTermsHighlights(shippingHighlights)
  return (
    <PolicyPage
      policy="shipping"
      title="Shipping Policy"
      summary={shippingSummary}
      lastUpdated={policyDates.shipping}
      highlights={highlights}
      sections={shippingSections}
    />
  )
}
