import { gstinCheckChar } from '@techbazaar/shared'
import type { Role, UserType, VendorStatus } from '@techbazaar/shared'
import type { SellerKey } from './catalog-data'

/** The one password of every demo account the server prints at start. */
export const DEMO_PASSWORD = 'Demo@1234'

export interface DemoAccount {
  email: string
  password: string
  role: Role
  type: UserType
  label: string
}

export interface SeedUser {
  userName: string
  email: string
  mobile: string | null
  /** The mobile counts as proved: it signs in by OTP (decision 093). */
  mobileVerified?: boolean
  role: Role
  type: UserType
  /**
   * Set for accounts that sign in with DEMO_PASSWORD (the rest get an unusable password); short,
   * because the server prints it in an aligned column at start.
   */
  demoLabel?: string
  vendor?: {
    gstNumber: string
    status: VendorStatus
    /** The registered business address printed on GST tax invoices. */
    business: {
      name: string
      addressLine: string
      city: string
      stateCode: string
      pincode: string
    }
  }
  /** Which seller's products (catalog data) this user lists. */
  sellerKey?: SellerKey
}

/** A well-formed GSTIN: state code + PAN + entity number 1 + 'Z' + the mod-36 check character. */
function gstin(stateCode: string, pan: string): string {
  const first14 = `${stateCode}${pan}1Z`
  return first14 + gstinCheckChar(first14)
}

/**
 * Sellers are `role admin, type vendor` as the spec's vendor form fixes. Three approved sellers
 * from different states (so GST invoices show both CGST+SGST and IGST), one pending.
 */
export const SEED_SELLERS: readonly SeedUser[] = [
  {
    userName: 'Gadget Galaxy',
    email: 'seller@demo.test',
    mobile: '9820012345',
    role: 'admin',
    type: 'vendor',
    demoLabel: 'Seller',
    vendor: {
      gstNumber: gstin('27', 'AAGCG4821K'),
      status: 'Approved',
      business: {
        name: 'Gadget Galaxy Retail Pvt. Ltd.',
        addressLine: 'Unit 14, Kamala Mills Compound, Senapati Bapat Marg, Lower Parel',
        city: 'Mumbai',
        stateCode: '27',
        pincode: '400013',
      },
    },
    sellerKey: 'gadget-galaxy',
  },
  {
    userName: 'Mobile Mart',
    email: 'orders@mobilemart.demo.test',
    mobile: '9845067821',
    role: 'admin',
    type: 'vendor',
    vendor: {
      gstNumber: gstin('29', 'AAKFM7315Q'),
      status: 'Approved',
      business: {
        name: 'Mobile Mart Enterprises',
        addressLine: '88, 1st Cross, SP Road',
        city: 'Bengaluru',
        stateCode: '29',
        pincode: '560002',
      },
    },
    sellerKey: 'mobile-mart',
  },
  {
    userName: 'Sound Studio',
    email: 'hello@soundstudio.demo.test',
    mobile: '9811142207',
    role: 'admin',
    type: 'vendor',
    vendor: {
      gstNumber: gstin('07', 'AAHCS2209L'),
      status: 'Approved',
      business: {
        name: 'Sound Studio Audio Pvt. Ltd.',
        addressLine: 'Shop 21, Block B, Nehru Place',
        city: 'New Delhi',
        stateCode: '07',
        pincode: '110019',
      },
    },
    sellerKey: 'sound-studio',
  },
  {
    userName: 'Tech Tokri',
    email: 'support@techtokri.demo.test',
    mobile: '9940123456',
    role: 'admin',
    type: 'vendor',
    vendor: {
      gstNumber: gstin('33', 'ABKFT6402R'),
      status: 'Pending',
      business: {
        name: 'Tech Tokri Traders',
        addressLine: '5, Ritchie Street, Mount Road',
        city: 'Chennai',
        stateCode: '33',
        pincode: '600002',
      },
    },
  },
]

export const SEED_STAFF_AND_SHOPPERS: readonly SeedUser[] = [
  {
    userName: 'Asha Admin',
    email: 'admin@demo.test',
    mobile: null,
    role: 'admin',
    type: 'admin',
    demoLabel: 'Admin',
  },
  {
    userName: 'Rahul Sharma',
    email: 'shopper@demo.test',
    mobile: '9876543210',
    mobileVerified: true,
    role: 'user',
    type: 'user',
    demoLabel: 'Shopper',
  },
]

const REVIEWER_NAMES = [
  ['Priya Krishnan', 'priya.k'],
  ['Arjun Mehta', 'arjun.m'],
  ['Sneha Iyer', 'sneha.i'],
  ['Vikram Singh', 'vikram.s'],
  ['Ananya Das', 'ananya.d'],
  ['Karthik Reddy', 'karthik.r'],
  ['Neha Gupta', 'neha.g'],
  ['Imran Qureshi', 'imran.q'],
] as const

/** Shoppers who wrote the seeded reviews; they cannot sign in. */
export const SEED_REVIEWERS: readonly SeedUser[] = REVIEWER_NAMES.map(
  ([userName, local]): SeedUser => ({
    userName,
    email: `${local}@reviewers.demo.test`,
    mobile: null,
    role: 'user',
    type: 'user',
  }),
)

const ACCOUNT_ORDER = ['admin@demo.test', 'seller@demo.test', 'shopper@demo.test']

/** The sign-ins the server prints at start: admin, seller, shopper. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [...SEED_STAFF_AND_SHOPPERS, ...SEED_SELLERS]
  .filter((u) => u.demoLabel !== undefined)
  .sort((a, b) => ACCOUNT_ORDER.indexOf(a.email) - ACCOUNT_ORDER.indexOf(b.email))
  .map((u) => ({
    email: u.email,
    password: DEMO_PASSWORD,
    role: u.role,
    type: u.type,
    label: u.demoLabel ?? '',
  }))
