import { describe, expect, it } from 'vitest'
import { createSandboxCourier } from './sandbox'
import { CourierError, CourierUnserviceableError, type ReturnPickupInput } from './types'

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

describe('sandbox courier bookReturn', () => {
  it('books a reverse pickup with an AWB and a label, tracked like a parcel', async () => {
    const sandbox = createSandboxCourier()
    const booking = await sandbox.courier.bookReturn(returnPickup('110001'))
    expect(booking).toEqual({
      awb: expect.stringMatching(/^SBX\d{10}$/),
      labelUrl: `/sandbox-courier/${booking.awb}/label`,
      // Delhi to Bengaluru: across postal zones.
      transitDays: 5,
    })
    const at = new Date('2026-11-23T06:00:00Z')
    const pushed = sandbox.event(booking.awb, 'picked_up', at, 'Janpath')
    expect(
      sandbox.courier.verifyWebhook({
        rawBody: pushed.rawBody,
        headers: pushed.headers,
        query: {},
      }),
    ).toMatchObject({ awb: booking.awb, status: 'picked_up', location: 'Janpath' })
    expect((await sandbox.courier.track(booking.awb)).map((e) => e.status)).toEqual(['picked_up'])
    // Collected: too late to cancel.
    await expect(sandbox.courier.cancel(booking.awb)).rejects.toBeInstanceOf(CourierError)
  })

  it('does not collect from a pincode it does not serve', async () => {
    const { courier } = createSandboxCourier()
    await expect(courier.bookReturn(returnPickup('744101'))).rejects.toBeInstanceOf(
      CourierUnserviceableError,
    )
    // Cash is no matter for a return: the North-East is collected from.
    expect((await courier.bookReturn(returnPickup('791111'))).awb).toMatch(/^SBX/)
  })
})
