/**
 * The shop's legal and contact details, in one place so every static page says the same thing.
 * Policies quote these; change them here, never in the texts.
 */
export const company = {
  brand: 'TechBazaar',
  legalName: 'TechBazaar Retail Pvt. Ltd.',
  address: {
    lines: ['No. 42, 2nd Floor, 80 Feet Road', 'HAL 2nd Stage, Indiranagar'],
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560038',
  },
  phone: { display: '+91 80 4567 8900', href: 'tel:+918045678900' },
  email: 'support@techbazaar.in',
  hours: 'Monday to Saturday, 9:30 AM to 7:00 PM IST',
  hoursNote: 'Closed on Sundays and national holidays',
  grievanceOfficer: {
    name: 'Kavya Menon',
    title: 'Grievance Officer',
    email: 'grievance@techbazaar.in',
  },
} as const

export const companyAddress = [
  ...company.address.lines,
  `${company.address.city}, ${company.address.state} ${company.address.pincode}`,
].join(', ')

/** Policy dates are shown as "1 November 2026" and given to <time> as ISO dates. */
export const policyDates = {
  shipping: '2026-11-01',
  return: '2026-11-01',
  refund: '2026-11-01',
  privacy: '2026-11-01',
  terms: '2026-11-01',
  ranking: '2026-11-27',
} as const
