import { describe, expect, it } from 'vitest'
import { SEED_SELLERS } from '../db/seed/people-data'
import { createSandboxGstn, SANDBOX_GSTINS } from './sandbox'

describe('the sandbox GST network of demo mode', () => {
  const sandbox = createSandboxGstn()

  it("answers the demo sellers' GSTINs with their business names, active and regular", async () => {
    for (const seller of SEED_SELLERS) {
      const vendor = seller.vendor!
      expect(await sandbox.search(vendor.gstNumber)).toMatchObject({
        legalName: vendor.business.name,
        status: 'active',
        registrationType: 'regular',
      })
    }
  })

  it('lets a tester see a cancelled, a suspended, a composition and an unknown GSTIN', async () => {
    expect(SANDBOX_GSTINS).toEqual({
      cancelled: '27AAACC1111C1ZM',
      composition: '27AAFCC2222M1ZQ',
      compositionKarnataka: '29AAFCK3333M1Z8',
      suspended: '27AAACS4444S1ZR',
      unknown: '27AAACN5555N1Z0',
    })
    expect(await sandbox.search(SANDBOX_GSTINS.cancelled)).toMatchObject({ status: 'cancelled' })
    expect(await sandbox.search(SANDBOX_GSTINS.suspended)).toMatchObject({ status: 'suspended' })
    expect(await sandbox.search(SANDBOX_GSTINS.composition)).toMatchObject({
      registrationType: 'composition',
    })
    expect(await sandbox.search(SANDBOX_GSTINS.unknown)).toBeNull()
  })
})
