import { gstinCheckChar } from '@techbazaar/shared'
import { SEED_SELLERS } from '../db/seed/people-data'
import type { GstinVerifier, Taxpayer } from './types'

const withCheck = (first14: string) => first14 + gstinCheckChar(first14)

/**
 * GSTINs the sandbox answers specially, so a tester sees each outcome (decision 075; also in the
 * README's demo section). Every other well-formed GSTIN is an active regular taxpayer.
 */
export const SANDBOX_GSTINS = {
  // 27AAACC1111C1ZM, 27AAFCC2222M1ZQ, 29AAFCK3333M1Z8, 27AAACS4444S1ZR, 27AAACN5555N1Z0
  // (sandbox.test.ts pins them; decision 075 lists them for testers).
  /** A cancelled registration: a seller with it cannot be approved, a buyer cannot order with it. */
  cancelled: withCheck('27AAACC1111C1Z'),
  /** A composition dealer in Maharashtra: bills of supply, sells within Maharashtra only. */
  composition: withCheck('27AAFCC2222M1Z'),
  /** A composition dealer in Karnataka. */
  compositionKarnataka: withCheck('29AAFCK3333M1Z'),
  /** A suspended registration. */
  suspended: withCheck('27AAACS4444S1Z'),
  /** A GSTIN the network does not know (well-formed, never issued). */
  unknown: withCheck('27AAACN5555N1Z'),
} as const

const active = (gstin: string, legalName: string): Taxpayer => ({
  gstin,
  legalName,
  tradeName: null,
  status: 'active',
  registrationType: 'regular',
  statusText: 'Active',
  registrationTypeText: 'Regular',
})

/** The pretend GST network of demo mode: the demo sellers' GSTINs answer with their names. */
export function createSandboxGstn(): GstinVerifier {
  const known = new Map<string, Taxpayer>()
  for (const seller of SEED_SELLERS) {
    const vendor = seller.vendor
    if (vendor) known.set(vendor.gstNumber, active(vendor.gstNumber, vendor.business.name))
  }
  known.set(SANDBOX_GSTINS.cancelled, {
    ...active(SANDBOX_GSTINS.cancelled, 'Closed Shutters Electronics Pvt. Ltd.'),
    status: 'cancelled',
    statusText: 'Cancelled',
  })
  known.set(SANDBOX_GSTINS.suspended, {
    ...active(SANDBOX_GSTINS.suspended, 'Paused Gadgets LLP'),
    status: 'suspended',
    statusText: 'Suspended',
  })
  for (const [gstin, name] of [
    [SANDBOX_GSTINS.composition, 'Corner Cell Store'],
    [SANDBOX_GSTINS.compositionKarnataka, 'Kalyan Mobile Centre'],
  ] as const) {
    known.set(gstin, {
      ...active(gstin, name),
      registrationType: 'composition',
      registrationTypeText: 'Composition',
    })
  }
  return {
    name: 'SANDBOX',
    async search(gstin) {
      if (gstin === SANDBOX_GSTINS.unknown) return null
      return known.get(gstin) ?? active(gstin, `Sandbox Taxpayer ${gstin.slice(2, 12)}`)
    },
  }
}
