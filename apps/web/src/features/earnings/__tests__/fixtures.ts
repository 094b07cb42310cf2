import type {
  EarningsPart,
  EarningsResponse,
  SellerPayoutDetails,
  SellerSettlementRow,
} from '@techbazaar/shared'
import { createUser, ok } from '@/test/api-helpers'
import { sellerIdOf } from '@/test/payout-fixtures'

export const seller = () =>
  ok({
    user: createUser({
      role: 'admin',
      type: 'vendor',
      vendorStatus: 'Approved',
      userName: 'Seller',
    }),
  })

export const admin = () =>
  ok({ user: createUser({ role: 'admin', type: 'admin', userName: 'Admin' }) })

export const part = (overrides: Partial<EarningsPart> = {}): EarningsPart => ({
  subOrderId: '9a8b7c6d-5e4f-4a3b-8c2d-000000000001',
  orderId: '1d2c3b4a-5e6f-4a7b-8c9d-000000000001',
  orderNumber: 'TB-10241',
  deliveredAt: '2026-11-10T09:30:00.000Z',
  holdUntil: '2026-11-19T09:30:00.000Z',
  status: 'payable',
  returnOpen: false,
  sale: 3998,
  commission: 239.88,
  closingFee: 80,
  feeGst: 57.58,
  tcs: 16.94,
  tds: 169.41,
  net: 3434.19,
  ...overrides,
})

type Earnings = EarningsResponse['data']

export const earningsOf = (overrides: Partial<Earnings> = {}): Earnings => ({
  sellerId: sellerIdOf(1),
  totals: { onHold: 1548.33, payable: 3434.19, inPayout: 0, paid: 12000, carriedNegative: 0 },
  payoutBlock: null,
  parts: [part()],
  ...overrides,
})

/** The seller's own details as the API gives them to the seller: the account masked. */
export const savedDetails = (
  overrides: Partial<SellerPayoutDetails> = {},
): SellerPayoutDetails => ({
  pan: 'ABCPE1234F',
  panName: 'Asha Verma',
  holderName: 'Asha Verma',
  accountNumber: '••••9012',
  ifsc: 'HDFC0001234',
  status: 'verified',
  nameAtBank: 'ASHA VERMA',
  reason: null,
  checkedAt: '2026-11-20T06:30:00.000Z',
  updatedAt: '2026-11-20T06:00:00.000Z',
  ...overrides,
})

export const settlementRow = (
  n: number,
  overrides: Partial<SellerSettlementRow> = {},
): SellerSettlementRow => ({
  sellerId: sellerIdOf(n),
  sellerName: 'Tech Tokri',
  gstNumber: '29ABCPE1234F1Z5',
  onHold: 1548.33,
  payable: 3434.19,
  inPayout: 0,
  paid: 12000,
  carriedNegative: 0,
  accountStatus: 'verified',
  hold: null,
  ...overrides,
})
