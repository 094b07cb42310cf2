import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CourierAuthError,
  CourierError,
  CourierUnserviceableError,
  type BookingInput,
  type Courier,
  type CourierEvent,
  type ReturnPickupInput,
  type WebhookRequest,
} from './types'

/**
 * The promises of the `Courier` interface (types.ts; docs/decisions/052-shipping-part-1.md,
 * 053-shipping-part-2.md, 056-second-outside-attack.md), run against every adapter with its
 * local fake (the sandbox courier in-process). Each adapter's own test file keeps what only that
 * adapter does: its request shapes, its words and its quirks.
 *
 * The fakes share one map of India: 744 (Andamans) is served by none, 79 (the North-East) takes no
 * cash, Bengaluru (560) is served with cash.
 */

/** Statuses every courier follows and scans (Delhivery has no "picked up": in transit is first). */
export type FollowedStatus = 'in_transit' | 'out_for_delivery' | 'delivered'

/** What a contract run needs of an adapter and its fake. */
export interface CourierHarness {
  courier: Courier
  /**
   * Records a scan of `awb` at the courier (`ignored`: one whose status the shop does not follow,
   * such as manifested) at `location`, and answers the webhook the courier then sends, with good
   * credentials.
   */
  push(awb: string, status: FollowedStatus | 'ignored', at: Date, location?: string): WebhookRequest
  /** `request` with credentials that are wrong or missing: every one must be refused. */
  forgeries(request: WebhookRequest): WebhookRequest[]
  /** A request with good credentials carrying `rawBody`. */
  authentic(rawBody: string): WebhookRequest
  /**
   * The bookings the courier's side holds for `reference`, read from its own state: `made` counts
   * every one created (cancelled ones too), `live` those still standing.
   */
  held(reference: string): Promise<{ made: number; live: number }>
  /** Makes one call of a booking fail (a 500) until the answered function is called. */
  breakStep(step: string): () => void
  close(): Promise<void>
}

/** A booking step that fails after the courier created something, and what the error then says. */
export interface FailingStep {
  step: string
  says: RegExp
}

export interface CourierContractSetup {
  start(): Promise<CourierHarness>
  /** Steps of `book` and of `bookReturn` that can fail once the booking exists (none: a sandbox). */
  failingSteps: { book: FailingStep[]; bookReturn: FailingStep[] }
  /**
   * `refused`: a parcel the courier has collected can no longer be cancelled (CourierError);
   * `returnsToOrigin`: the cancellation is taken and brings it back (Delhivery,
   * docs/decisions/056-second-outside-attack.md, Issue 26.5).
   */
  cancelAfterPickup: 'refused' | 'returnsToOrigin'
  /**
   * `accepted`: a parcel on its way is asked back, and a delivered one refused; `refused`: the
   * courier's API takes no such request (Shiprocket's panel does it), whatever the parcel.
   */
  returnToOrigin: 'accepted' | 'refused'
}

const seller = {
  name: 'Store 560001',
  address: '4 Brigade Road',
  city: 'Bengaluru',
  pincode: '560001',
  phone: '9845012345',
  email: 'seller@example.in',
}
const item = { sku: 'prod-1', title: 'USB-C cable', quantity: 1, unitPricePaise: 150_000 }
const size = { weightGrams: 450, lengthCm: 20, breadthCm: 12, heightCm: 6 }

/** A ₹1,500 parcel from a Bengaluru seller to `pincode`, cash on delivery unless `codPaise` 0. */
export const contractParcel = (pincode = '560034', codPaise = 150_000): BookingInput => ({
  reference: crypto.randomUUID(),
  pickupId: '3f2b8c1e-5a6d-4e7f-9a0b-1c2d3e4f5a6b',
  pickup: seller,
  delivery: {
    name: 'Asha',
    address: '12 Koramangala',
    city: 'Bengaluru',
    pincode,
    phone: '9876543210',
  },
  codPaise,
  declaredValuePaise: 150_000,
  ...size,
  items: [item],
})

/** A ₹1,500 return from a shopper at `pincode` to the same seller. */
export const contractReturn = (pincode = '110001'): ReturnPickupInput => ({
  reference: crypto.randomUUID(),
  sellerPlaceId: '3f2b8c1e-5a6d-4e7f-9a0b-1c2d3e4f5a6b',
  pickup: { name: 'Asha', address: '12 Janpath', city: 'Somewhere', pincode, phone: '9876543210' },
  delivery: seller,
  declaredValuePaise: 150_000,
  ...size,
  items: [item],
})

/** Whole seconds apart, oldest first: every courier writes its scans to the second. */
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 23, 5, minutes, 0))

export function describeCourierContract(name: string, setup: CourierContractSetup): void {
  describe(`Courier contract: ${name}`, () => {
    let h: CourierHarness
    let courier: Courier
    beforeAll(async () => {
      h = await setup.start()
      courier = h.courier
    })
    afterAll(() => h.close())

    /** Books a parcel and hands it to the courier (its first scan). */
    const collected = async () => {
      const booking = await courier.book(contractParcel())
      courier.verifyWebhook(h.push(booking.awb, 'in_transit', at(0)))
      return booking
    }

    it('answers serviceability: served with cash, served without cash, not served', async () => {
      const served = await courier.serviceability({
        pickupPincode: '560001',
        deliveryPincode: '560034',
      })
      expect(served).toMatchObject({ serviceable: true, cod: true })
      expect(Number.isInteger(served.transitDays) && served.transitDays! > 0).toBe(true)
      expect(
        await courier.serviceability({ pickupPincode: '560001', deliveryPincode: '791111' }),
      ).toMatchObject({ serviceable: true, cod: false })
      expect(
        await courier.serviceability({ pickupPincode: '560001', deliveryPincode: '744101' }),
      ).toEqual({ serviceable: false, cod: false, transitDays: null })
    })

    it('books with an AWB and a label, and findBookings finds it by our reference', async () => {
      const input = contractParcel()
      const booking = await courier.book(input)
      expect(booking.awb).not.toBe('')
      expect(booking.labelUrl).not.toBe('')
      expect(booking.transitDays).toBeGreaterThan(0)
      const found = await courier.findBookings(input.reference)
      expect(found.map((f) => f.awb)).toEqual([booking.awb])
      expect(await h.held(input.reference)).toEqual({ made: 1, live: 1 })
      expect(await courier.findBookings(crypto.randomUUID())).toEqual([])
    })

    it('makes the label anew and asks for the pickup again for a booked parcel', async () => {
      const input = contractParcel()
      const { awb, providerRef } = await courier.book(input)
      expect(await courier.label(awb, providerRef)).toMatch(/\S/)
      await expect(
        courier.requestPickup({ awb, providerRef, pickupId: input.pickupId, pickup: input.pickup }),
      ).resolves.toBeUndefined()
      expect(await h.held(input.reference)).toEqual({ made: 1, live: 1 })
    })

    it('cancels a booked parcel: nothing stands under its reference any more', async () => {
      const input = contractParcel()
      const { awb } = await courier.book(input)
      const found = await courier.findBookings(input.reference)
      expect(found.map((f) => f.awb)).toEqual([awb])
      // What findBookings answers is enough to cancel it (a stale claim's sweep does just that).
      await courier.cancel(found[0]!.awb, found[0]!.providerRef)
      expect(await courier.findBookings(input.reference)).toEqual([])
      expect(await h.held(input.reference)).toEqual({ made: 1, live: 0 })
    })

    if (setup.cancelAfterPickup === 'refused') {
      it('refuses to cancel a parcel the courier has collected (CourierError)', async () => {
        const { awb, providerRef } = await collected()
        await expect(courier.cancel(awb, providerRef)).rejects.toBeInstanceOf(CourierError)
      })
    } else {
      it('takes the cancellation of a collected parcel as its return to origin', async () => {
        const { awb, providerRef } = await collected()
        await expect(courier.cancel(awb, providerRef)).resolves.toBeUndefined()
      })
    }

    if (setup.returnToOrigin === 'accepted') {
      it('asks a parcel on its way back, and refuses once it is delivered', async () => {
        const { awb, providerRef } = await collected()
        await expect(courier.returnToOrigin(awb, providerRef)).resolves.toBeUndefined()
        const other = await collected()
        courier.verifyWebhook(h.push(other.awb, 'delivered', at(30)))
        await expect(courier.returnToOrigin(other.awb, other.providerRef)).rejects.toBeInstanceOf(
          CourierError,
        )
      })
    } else {
      it('refuses returnToOrigin (CourierError): its API takes no such request', async () => {
        const { awb, providerRef } = await collected()
        await expect(courier.returnToOrigin(awb, providerRef)).rejects.toBeInstanceOf(CourierError)
      })
    }

    it('creates nothing where it does not deliver, or takes no cash; prepaid goes', async () => {
      for (const input of [contractParcel('744101'), contractParcel('791111')]) {
        await expect(courier.book(input)).rejects.toBeInstanceOf(CourierUnserviceableError)
        expect(await h.held(input.reference)).toEqual({ made: 0, live: 0 })
      }
      const prepaid = contractParcel('791111', 0)
      expect((await courier.book(prepaid)).awb).not.toBe('')
      expect(await h.held(prepaid.reference)).toEqual({ made: 1, live: 1 })
    })

    for (const { step, says } of setup.failingSteps.book) {
      it(`books all or nothing: a failed ${step} cancels what was made and says so`, async () => {
        const input = contractParcel()
        const mend = h.breakStep(step)
        try {
          const failed = courier.book(input)
          await expect(failed).rejects.toBeInstanceOf(CourierError)
          await expect(failed).rejects.toThrow(says)
        } finally {
          mend()
        }
        expect(await h.held(input.reference)).toEqual({ made: 1, live: 0 })
        expect(await courier.findBookings(input.reference)).toEqual([])
      })
    }

    it('books a reverse pickup with an AWB and a label, found by its reference', async () => {
      const input = contractReturn()
      const booking = await courier.bookReturn(input)
      expect(booking.awb).not.toBe('')
      expect(booking.labelUrl).not.toBe('')
      expect((await courier.findBookings(input.reference)).map((f) => f.awb)).toEqual([booking.awb])
      // Tracked like a parcel.
      const event = courier.verifyWebhook(h.push(booking.awb, 'in_transit', at(5)))
      expect(await courier.track(booking.awb)).toEqual([event])
    })

    it('cancels a reverse pickup before it is collected', async () => {
      const input = contractReturn()
      const { awb, providerRef } = await courier.bookReturn(input)
      await courier.cancel(awb, providerRef)
      expect(await courier.findBookings(input.reference)).toEqual([])
      expect(await h.held(input.reference)).toEqual({ made: 1, live: 0 })
    })

    it('collects a return where no cash is taken, and nowhere it does not go', async () => {
      expect((await courier.bookReturn(contractReturn('791111'))).awb).not.toBe('')
      const input = contractReturn('744101')
      await expect(courier.bookReturn(input)).rejects.toBeInstanceOf(CourierUnserviceableError)
      expect(await h.held(input.reference)).toEqual({ made: 0, live: 0 })
    })

    for (const { step, says } of setup.failingSteps.bookReturn) {
      it(`books a return all or nothing: a failed ${step} cancels it`, async () => {
        const input = contractReturn()
        const mend = h.breakStep(step)
        try {
          await expect(courier.bookReturn(input)).rejects.toThrow(says)
        } finally {
          mend()
        }
        expect(await h.held(input.reference)).toEqual({ made: 1, live: 0 })
        expect(await courier.findBookings(input.reference)).toEqual([])
      })
    }

    it("tracks the shop's statuses oldest first, as the webhooks said them", async () => {
      const { awb } = await courier.book(contractParcel())
      const steps = [
        ['ignored', at(1), 'Seller'],
        ['in_transit', at(10), 'Bengaluru Hub'],
        ['out_for_delivery', at(20), 'Koramangala'],
        ['delivered', at(30), 'Koramangala'],
      ] as const
      const pushed: (CourierEvent | null)[] = steps.map(([status, when, where]) =>
        courier.verifyWebhook(h.push(awb, status, when, where)),
      )
      // A status the shop does not follow is acknowledged without an event.
      expect(pushed[0]).toBeNull()
      const tracked = await courier.track(awb)
      expect(tracked.map((e) => [e.awb, e.status, e.at.toISOString(), e.location])).toEqual(
        steps.slice(1).map(([status, when, where]) => [awb, status, when.toISOString(), where]),
      )
      // One key per event, the same from a webhook and from track, so the two dedupe.
      expect(new Set(tracked.map((e) => e.eventKey)).size).toBe(3)
      expect(pushed.slice(1)).toEqual(tracked)
    })

    it('refuses forged webhooks and bodies that are no tracking notification', async () => {
      const { awb } = await courier.book(contractParcel())
      const good = h.push(awb, 'in_transit', at(10))
      expect(courier.verifyWebhook(good)).toMatchObject({ awb, status: 'in_transit' })
      const forged = h.forgeries(good)
      expect(forged.length).toBeGreaterThan(0)
      for (const request of forged) {
        expect(() => courier.verifyWebhook(request)).toThrow(CourierAuthError)
      }
      for (const junk of ['{"hello":1}', '[]', 'not json']) {
        expect(() => courier.verifyWebhook(h.authentic(junk))).toThrow(CourierAuthError)
      }
    })
  })
}
