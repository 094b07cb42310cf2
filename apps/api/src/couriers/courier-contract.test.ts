import { startFakeDelhivery } from '../../test/fakes/delhivery'
import { startFakeShiprocket } from '../../test/fakes/shiprocket'
import { describeCourierContract, type FollowedStatus } from './courier-contract'
import { createDelhivery } from './delhivery'
import { createSandboxCourier } from './sandbox'
import { createShiprocket } from './shiprocket'
import type { Booking, WebhookRequest } from './types'

/** `at` as couriers write it: IST without a zone, `T` or a space between date and time. */
const ist = (at: Date, between: 'T' | ' ') =>
  new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', between)

describeCourierContract('sandbox', {
  failingSteps: { book: [], bookReturn: [] },
  cancelAfterPickup: 'refused',
  returnToOrigin: 'accepted',
  async start() {
    const sandbox = createSandboxCourier()
    // The sandbox sends only statuses the shop follows; its key is on every event it makes.
    const { headers } = sandbox.event('SBX0000000000', 'in_transit', new Date())
    const authentic = (rawBody: string): WebhookRequest => ({ rawBody, headers, query: {} })
    // Its memory forgets nothing it issued, but answers only what stands: count what it books.
    const made = new Map<string, number>()
    const counted =
      <T extends { reference: string }>(book: (input: T) => Promise<Booking>) =>
      async (input: T) => {
        const booking = await book(input)
        made.set(input.reference, (made.get(input.reference) ?? 0) + 1)
        return booking
      }
    return {
      courier: {
        ...sandbox.courier,
        book: counted(sandbox.courier.book),
        bookReturn: counted(sandbox.courier.bookReturn),
      },
      push(awb, status, at, location = 'Bengaluru Hub') {
        if (status === 'ignored') {
          const body = { awb, current_status: 'MANIFESTED', current_timestamp: at.toISOString() }
          return authentic(JSON.stringify(body))
        }
        const sent = sandbox.event(awb, status, at, location)
        return { rawBody: sent.rawBody, headers: sent.headers, query: {} }
      },
      forgeries: (request) => [
        { ...request, headers: { ...request.headers, 'x-api-key': 'not-the-sandbox-key' } },
        { ...request, headers: { 'content-type': 'application/json' } },
      ],
      authentic,
      async held(reference) {
        const live = (await sandbox.courier.findBookings(reference)).length
        return { made: made.get(reference) ?? 0, live }
      },
      breakStep(step) {
        throw new Error(`the sandbox has no ${step} step to break`)
      },
      close: async () => {},
    }
  },
})

const SHIPROCKET_KEY = 'sr-contract-key-0123456789'
const SHIPROCKET_WORDS: Record<FollowedStatus | 'ignored', string> = {
  ignored: 'MANIFEST GENERATED',
  in_transit: 'IN TRANSIT',
  out_for_delivery: 'OUT FOR DELIVERY',
  delivered: 'DELIVERED',
}

describeCourierContract('Shiprocket', {
  failingSteps: {
    book: [
      { step: 'assign', says: /assign AWB answered 500/ },
      { step: 'pickup', says: /generate pickup answered 500/ },
      { step: 'label', says: /generate label answered 500/ },
    ],
    bookReturn: [
      { step: 'assign', says: /assign AWB answered 500/ },
      { step: 'label', says: /generate label answered 500/ },
    ],
  },
  cancelAfterPickup: 'refused',
  returnToOrigin: 'refused',
  async start() {
    const fake = await startFakeShiprocket()
    const courier = createShiprocket({
      email: fake.creds.email,
      password: fake.creds.password,
      baseUrl: fake.baseUrl,
      webhookToken: SHIPROCKET_KEY,
    })
    const headers = { 'content-type': 'application/json', 'x-api-key': SHIPROCKET_KEY }
    return {
      courier,
      push(awb, status, at, location = 'Bengaluru Hub') {
        fake.scan(awb, SHIPROCKET_WORDS[status], ist(at, ' '), location)
        const sent = fake.webhook(awb, SHIPROCKET_KEY)
        return { rawBody: sent.payload, headers: sent.headers, query: {} }
      },
      forgeries: (request) => [
        { ...request, headers: { ...request.headers, 'x-api-key': 'wrong-key-0123456789abcd' } },
        { ...request, headers: { 'content-type': 'application/json' } },
        // Shiprocket sends its key in a header, never in the URL.
        {
          ...request,
          headers: { 'content-type': 'application/json' },
          query: { token: SHIPROCKET_KEY },
        },
      ],
      authentic: (rawBody) => ({ rawBody, headers, query: {} }),
      async held(reference) {
        const made = [...fake.orders.values()].filter((o) => o.reference === reference)
        return { made: made.length, live: fake.live(reference).length }
      },
      breakStep(step) {
        const call = step as Parameters<typeof fake.outage>[0]
        fake.outage(call)
        return () => fake.outage(call, false)
      },
      close: () => fake.close(),
    }
  },
})

const DELHIVERY_TOKEN = 'dl-contract-token-0123456789'
const DELHIVERY_WORDS: Record<FollowedStatus | 'ignored', [string, string]> = {
  ignored: ['Manifested', 'UD'],
  in_transit: ['In Transit', 'UD'],
  out_for_delivery: ['Dispatched', 'UD'],
  delivered: ['Delivered', 'DL'],
}

describeCourierContract('Delhivery', {
  failingSteps: {
    book: [
      { step: 'slip', says: /packing slip answered 500/ },
      { step: 'pickup', says: /pickup request answered 500/ },
    ],
    // A reverse pickup asks for no warehouse pickup: its label is the step after the manifest.
    bookReturn: [{ step: 'slip', says: /packing slip answered 500/ }],
  },
  cancelAfterPickup: 'returnsToOrigin',
  returnToOrigin: 'accepted',
  async start() {
    const fake = await startFakeDelhivery()
    const courier = createDelhivery({
      token: fake.token,
      baseUrl: fake.baseUrl,
      webhookToken: DELHIVERY_TOKEN,
    })
    const headers = { 'content-type': 'application/json' }
    return {
      courier,
      push(awb, status, at, location = 'Bengaluru_Hub (Karnataka)') {
        const [word, type] = DELHIVERY_WORDS[status]
        fake.scan(awb, word, type, ist(at, 'T'), location)
        return { rawBody: fake.push(awb), headers, query: { token: DELHIVERY_TOKEN } }
      },
      forgeries: (request) => [
        { ...request, query: { token: 'wrong-token-0123456789ab' } },
        { ...request, query: {} },
        // The token counts only in the URL Delhivery was given.
        { ...request, headers: { ...request.headers, token: DELHIVERY_TOKEN }, query: {} },
      ],
      authentic: (rawBody) => ({ rawBody, headers, query: { token: DELHIVERY_TOKEN } }),
      async held(reference) {
        const made = [...fake.parcels.values()].filter((p) => p.shipment.order === reference)
        return { made: made.length, live: fake.live(reference).length }
      },
      breakStep(step) {
        const call = step as Parameters<typeof fake.outage>[0]
        fake.outage(call)
        return () => fake.outage(call, false)
      },
      close: () => fake.close(),
    }
  },
})
