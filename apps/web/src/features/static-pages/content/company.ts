/**
 * What the static pages say that is not the marketplace's identity. Its legal name, office,
 * customer care and grievance officer come from the server's MARKETPLACE_* settings through
 * components/company-details.tsx (one source with the invoices, issue 30.2).
 */
export const company = {
  brand: 'TechBazaar',
  hoursNote: 'Closed on Sundays and national holidays',
  /**
   * @deprecated Only privacy-policy.tsx still reads these (another change owns it); everything
   * else uses components/company-details.tsx. Remove once it does too.
   */
  legalName: 'TechBazaar Retail Pvt. Ltd.',
  hours: 'Monday to Saturday, 9:30 AM to 7:00 PM IST',
  grievanceOfficer: {
    name: 'Kavya Menon',
    title: 'Grievance Officer',
    email: 'grievance@techbazaar.example',
  },
} as const

/** @deprecated See `company.legalName`. */
export const companyAddress =
  'No. 42, 2nd Floor, 80 Feet Road, HAL 2nd Stage, Indiranagar, Bengaluru 560038'

/** Policy dates are shown as "1 November 2026" and given to <time> as ISO dates. */
export const policyDates = {
  shipping: '2026-11-01',
  return: '2026-11-27',
  refund: '2026-11-27',
  privacy: '2026-11-01',
  terms: '2026-11-01',
  ranking: '2026-11-27',
} as const
