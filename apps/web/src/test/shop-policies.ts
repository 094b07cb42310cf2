import type { ShopPolicies } from '@techbazaar/shared'

/** GET /api/shop/policies as a demo start answers it (the marketplace's identity included). */
export const shopPoliciesFixture: ShopPolicies = {
  returnWindowDays: 7,
  returnDecisionDays: 2,
  refundDays: 10,
  shipByWorkingDays: 2,
  codMaxAmount: 50_000,
  deliveryCharge: 0,
  paymentMethods: ['PAYU', 'GATEPAY', 'CASHFREE', 'COD'],
  sessionDays: 30,
  deviceCookieDays: 365,
  returnPhotoKeepDays: 30,
  contactMessageKeepDays: 365,
  inactiveAccountDays: 1095,
  inactiveNoticeHours: 48,
  otpKeepMinutes: 60,
  grievanceAckHours: 48,
  grievanceResolveDays: 30,
  marketplace: {
    legalName: 'TechBazaar Retail Pvt. Ltd.',
    addressLines: [
      'No. 42, 2nd Floor, 80 Feet Road',
      'HAL 2nd Stage, Indiranagar',
      'Bengaluru 560038',
    ],
    gstin: '29AAGCB7383J1Z4',
    carePhone: '1800 309 4242',
    careEmail: 'care@techbazaar.example',
    careHours: 'Monday to Saturday, 9:30 AM to 7:00 PM IST',
    grievanceOfficer: {
      name: 'Kavya Menon',
      designation: 'Grievance Officer',
      email: 'grievance@techbazaar.example',
      phone: '+91 80 4567 8900',
    },
  },
}
