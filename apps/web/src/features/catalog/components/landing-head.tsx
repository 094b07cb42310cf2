import { brandPath, categoryPath } from '@techbazaar/shared'
import { optionLabel } from '@/lib/catalog/option-label'
import { PageHead } from '@/lib/seo/page-head'
import { breadcrumbJsonLd } from '@/lib/seo/structured-data'
import type { Landing } from '../hooks/use-listing-params'

/** A category's or a brand's landing page as search engines and link previews see it. */
/** `total`: the listing's count as shown ("10,000+"); left out of the description when unknown. */
export function LandingHead({ landing, total }: { landing: Landing; total: string | undefined }) {
  const label = optionLabel(landing.value)
  const path = landing.group === 'category' ? categoryPath(landing.value) : brandPath(landing.value)
  const what = landing.group === 'category' ? label.toLowerCase() : `${label} products`
  const count = total ? `${total} ` : ''
  return (
    <PageHead
      title={`Buy ${label} online | TechBazaar`}
      description={`Shop ${count}${what} at TechBazaar: GST invoice, free delivery, cash on delivery and easy returns from sellers across India.`}
      canonical={path}
      jsonLd={(absolute) => [
        breadcrumbJsonLd(
          [
            { name: 'Home', path: '/' },
            { name: label, path },
          ],
          absolute,
        ),
      ]}
    />
  )
}
