/**
 * What a production start needs besides NODE_ENV, for tests that start one: the marketplace's
 * legal identity (invoices), a mail server (nothing is mailed in those tests) and the key that
 * seals sellers' signing certificates.
 */
export const MARKETPLACE_ENV = {
  MARKETPLACE_LEGAL_NAME: 'TechBazaar Retail Pvt. Ltd.',
  MARKETPLACE_ADDRESS: 'No. 42, 80 Feet Road; Indiranagar; Bengaluru 560038',
  MARKETPLACE_GSTIN: '29AAGCB7383J1Z4',
  MARKETPLACE_CARE_PHONE: '1800 309 4242',
  MARKETPLACE_CARE_EMAIL: 'care@techbazaar.example',
  MARKETPLACE_GRIEVANCE_OFFICER_NAME: 'Asha Rao',
  MARKETPLACE_GRIEVANCE_OFFICER_DESIGNATION: 'Grievance Officer',
  MARKETPLACE_GRIEVANCE_OFFICER_EMAIL: 'grievance@techbazaar.example',
  MARKETPLACE_GRIEVANCE_OFFICER_PHONE: '+91 80 4000 1234',
}

export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:25',
  SIGNING_KEYS_SECRET: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  ...MARKETPLACE_ENV,
}
