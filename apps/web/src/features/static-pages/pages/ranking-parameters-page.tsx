import { PolicyPage } from '../components/policy-page'
import { policyDates } from '../content/company'
import { rankingHighlights, rankingSections, rankingSummary } from '../content/ranking-parameters'

/**
 * /ranking-parameters: the main parameters that rank products in listings and search and their
 * relative importance (Consumer Protection (E-Commerce) Rules 2020 r.5(3)(f), decision 67).
 */
export default function RankingParametersPage() {
  return (
    <PolicyPage
      policy="ranking"
      title="How products are ranked"
      summary={rankingSummary}
      lastUpdated={policyDates.ranking}
      highlights={rankingHighlights}
      sections={rankingSections}
    />
  )
}
