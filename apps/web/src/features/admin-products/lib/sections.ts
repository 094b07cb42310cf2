import type { Section } from '@techbazaar/shared'

export const SECTION_LABELS: Record<Section, string> = {
  featured: 'Featured',
  'top-deals': 'Top Deals',
  trending: 'Trending',
  accessories: 'Accessories',
}

/** What a product with a pending home section says, to its seller and to admins (decision 085). */
export const suggestionText = (section: Section) =>
  `Suggested for ${SECTION_LABELS[section]} — waiting for an admin`
