/**
 * What the static pages say that is not the marketplace's identity. Its legal name, office,
 * customer care and grievance officer come from the server's MARKETPLACE_* settings through
 * components/company-details.tsx (one source with the invoices, issue 30.2).
 */
export const company = {
  brand: 'TechBazaar',
  hoursNote: 'Closed on Sundays and national holidays',
} as const

/** Policy dates are shown as "1 November 2026" and given to <time> as ISO dates. */
export const policyDates = {
  shipping: '2026-11-27',
  return: '2026-11-27',
  refund: '2026-11-27',
  privacy: '2026-11-27',
  terms: '2026-11-27',
  ranking: '2026-11-27',
} as const
