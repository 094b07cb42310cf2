import { describe, expect, it } from 'vitest'
import { createSandboxCourier } from './sandbox'
import type { ReturnPickupInput } from './types'

/** A return from a shopper at `pincode` to a Bengaluru seller. */
const returnPickup = (pincode: string): ReturnPickupInput => ({
  reference: crypto.randomUUID(),
  sellerPlaceId: crypto.randomUUID(),
  pickup: { name: 'Asha', address: '12 Janpath', city: 'New Delhi', pincode, phone: '9876543210' },
  delivery: {
    name: 'Store',
    address: '4 Brigade Road',
    city: 'Bengaluru',
    pincode: '560001',
    phone: '9845012345',
  },
  declaredValuePaise: 150_000,
  weightGrams: 450,
  lengthCm: 20,
  breadthCm: 12,
  heightCm: 6,
  items: [{ sku: 'prod-1', title: 'USB-C cable', quantity: 1, unitPricePaise: 150_000 }],
})

// Booking a reverse pickup tracked like a parcel, no cancel once collected, no return from where
// it does not go, a return from where no cash is taken: the courier contract (courier-contract.ts).
describe('sandbox courier', () => {
  it('issues its own AWBs and labels, with the days of its postal-circle estimate', async () => {
    const sandbox = createSandboxCourier()
    const booking = await sandbox.courier.bookReturn(returnPickup('110001'))
    expect(booking).toEqual({
      awb: expect.stringMatching(/^SBX\d{10}$/),
      labelUrl: `/sandbox-courier/${booking.awb}/label`,
      // Delhi to Bengaluru: across postal zones.
      transitDays: 5,
    })
    expect(await sandbox.courier.label(booking.awb)).toBe(booking.labelUrl)
  })

  it('takes no return to origin of a parcel it has not collected, and no scan once cancelled', async () => {
    const sandbox = createSandboxCourier()
    const { awb } = await sandbox.courier.bookReturn(returnPickup('110001'))
    await expect(sandbox.courier.returnToOrigin(awb)).rejects.toThrow(/cancel it instead/)
    await sandbox.courier.cancel(awb)
    // The desk's scans of a cancelled parcel are not kept: track and the cancel stand.
    sandbox.event(awb, 'in_transit', new Date('2026-11-23T06:00:00Z'))
    expect(await sandbox.courier.track(awb)).toEqual([])
  })
})
