import { paiseToRupees } from '@techbazaar/shared'
import { z } from 'zod'
import {
  alreadyExists,
  bestEffort,
  firstHeader,
  istParts,
  readAnswer,
  safeEqual,
  stateOfPincode,
  tenDigits,
} from './http'
import { pickupPlaceName } from './pickup-place'
import { orderBody, returnOrderBody } from './shiprocket-bodies'
import { createShiprocketClient, type ShiprocketOptions } from './shiprocket-client'
import { shiprocketTrackEvents, shiprocketWebhookEvent, trackAnswer } from './shiprocket-events'
import {
  CourierAuthError,
  CourierError,
  CourierUnserviceableError,
  type BookingInput,
  type Courier,
} from './types'

export type { ShiprocketOptions } from './shiprocket-client'

const id = z.union([z.number(), z.string().min(1)]).transform(String)
const flag = z
  .union([z.number(), z.string(), z.boolean()])
  .transform((v) => v === true || Number(v) === 1)
const courierOption = z.object({
  courier_company_id: z.number(),
  cod: flag.nullish(),
  estimated_delivery_days: z.union([z.string(), z.number()]).nullish(),
})
type CourierOption = z.infer<typeof courierOption>
const serviceabilityAnswer = z.object({
  // An unserviceable pair answers `data: []` (or no data at all).
  data: z
    .union([
      z.object({
        available_courier_companies: z.array(courierOption).nullish(),
        recommended_courier_company_id: z.number().nullish(),
      }),
      z.array(z.unknown()),
    ])
    .nullish(),
})
const createdAnswer = z.object({ order_id: id, shipment_id: id.nullish() })
const assignAnswer = z.object({
  awb_assign_status: flag.nullish(),
  message: z.string().nullish(),
  response: z
    .object({
      data: z.object({ awb_code: id.nullish(), awb_assign_error: z.string().nullish() }),
    })
    .nullish(),
})
const labelAnswer = z.object({ label_url: z.string().min(1) })
/** Get all Orders with `search`: orders whose channel order id (ours) or AWB matches. */
const ordersAnswer = z.object({
  data: z
    .array(
      z.object({
        id,
        channel_order_id: z.union([z.string(), z.number()]).transform(String),
        status: z.string().nullish(),
        shipments: z.array(z.object({ id: id.nullish(), awb: z.string().nullish() })).nullish(),
      }),
    )
    .nullish(),
})

/** The days a courier option quotes, when it quotes a number. */
function daysOf(option: CourierOption | undefined): number | null {
  const days = Number.parseInt(String(option?.estimated_delivery_days ?? ''), 10)
  return Number.isFinite(days) && days > 0 ? days : null
}

/** Our `providerRef` for Shiprocket: its order id and shipment id. */
const refOf = (orderId: string, shipmentId: string) => `${orderId}:${shipmentId}`

/**
 * Shiprocket (an aggregator over Delhivery, Blue Dart, Xpressbees, Ekart...). Shiprocket has no
 * sandbox and no idempotency key: every call here is live, and a resent create makes a second
 * order, so `book` and `bookReturn` never retry a create; they cancel what they made when a
 * later step fails.
 */
export function createShiprocket(opts: ShiprocketOptions): Courier {
  const client = createShiprocketClient(opts)
  const now = opts.now ?? (() => new Date())
  /** Pickup places known to exist (made or found) since this process started. */
  const knownPlaces = new Set<string>()
  /** Now in IST, as Shiprocket reads an order's date. */
  const orderDate = () => {
    const at = istParts(now())
    return `${at.date} ${at.time}`
  }

  /**
   * Couriers serving the pair (COD ones only when `cod`), the recommended one first. For a
   * reverse pickup, `returnValueRupees` is the declared value Shiprocket asks with `is_return`.
   */
  async function options(
    pickup: string,
    delivery: string,
    cod: boolean,
    weightKg: number,
    returnValueRupees?: number,
  ) {
    const query = new URLSearchParams({
      pickup_postcode: pickup,
      delivery_postcode: delivery,
      cod: cod ? '1' : '0',
      weight: String(weightKg),
    })
    if (returnValueRupees !== undefined) {
      query.set('is_return', '1')
      query.set('declared_value', String(returnValueRupees))
    }
    const answer = await client.call('GET', `/courier/serviceability?${query}`)
    // Shiprocket answers 404 (with a JSON message) for a pincode it does not serve.
    if (answer.status === 404 && answer.json !== null) return []
    const { data } = readAnswer(answer, serviceabilityAnswer, 'Shiprocket serviceability')
    if (!data || Array.isArray(data)) return []
    const all = data.available_courier_companies ?? []
    const eligible = cod ? all.filter((o) => o.cod) : all
    const recommended = eligible.find(
      (o) => o.courier_company_id === data.recommended_courier_company_id,
    )
    return recommended ? [recommended, ...eligible.filter((o) => o !== recommended)] : eligible
  }

  async function ensurePickupPlace(input: BookingInput): Promise<string> {
    const { pickup } = input
    const name = pickupPlaceName(input.pickupId, pickup)
    if (knownPlaces.has(name)) return name
    const answer = await client.call('POST', '/settings/company/addpickup', {
      pickup_location: name,
      name: pickup.name,
      email: pickup.email ?? client.accountEmail,
      phone: tenDigits(pickup.phone),
      address: pickup.address,
      address_2: '',
      city: pickup.city,
      state: stateOfPincode(pickup.pincode),
      country: 'India',
      pin_code: pickup.pincode,
    })
    if (!answer.ok && !alreadyExists(answer)) {
      readAnswer(answer, z.unknown(), 'Shiprocket add pickup location')
    }
    knownPlaces.add(name)
    return name
  }

  /**
   * Assigns the chosen courier's AWB to a shipment (`is_return` for a return's); a refusal, or
   * an answer without an AWB, is a CourierError.
   */
  async function assignAwb(shipmentId: string, courierId: number, isReturn: boolean) {
    const assigned = readAnswer(
      await client.call('POST', '/courier/assign/awb', {
        shipment_id: Number(shipmentId),
        courier_id: courierId,
        ...(isReturn ? { is_return: 1 } : {}),
      }),
      assignAnswer,
      'Shiprocket assign AWB',
    )
    const awb = assigned.response?.data.awb_code
    if (assigned.awb_assign_status !== true || !awb) {
      const why = assigned.response?.data.awb_assign_error ?? assigned.message ?? 'no AWB'
      throw new CourierError(`Shiprocket assigned no AWB: ${why}`)
    }
    return awb
  }

  /**
   * Assigns the AWB, asks for the pickup and makes the label of an order just created; when a
   * step fails the order is cancelled (which also releases its AWB) and a CourierError thrown.
   */
  async function completeBooking(
    created: z.infer<typeof createdAnswer>,
    choice: CourierOption,
    isReturn: boolean,
  ) {
    const orderId = created.order_id
    try {
      const shipmentId = created.shipment_id
      if (!shipmentId) throw new CourierError('Shiprocket created an order without a shipment')
      const awb = await assignAwb(shipmentId, choice.courier_company_id, isReturn)
      // Shiprocket may queue a return's pickup with its AWB already: that is what is asked.
      await generatePickup(shipmentId, isReturn)
      const labelUrl = await generateLabel(shipmentId)
      return {
        awb,
        labelUrl,
        transitDays: daysOf(choice),
        providerRef: refOf(orderId, shipmentId),
      }
    } catch (err) {
      await bestEffort(() => cancelOrder(orderId))
      throw err instanceof CourierError ? err : new CourierError(String(err))
    }
  }

  /** The order and shipment ids of a booking: from our ref, else looked up by AWB. */
  async function idsOf(awb: string, providerRef?: string) {
    const [orderId, shipmentId] = providerRef?.split(':') ?? []
    if (orderId && shipmentId) return { orderId, shipmentId }
    const tracked = await trackData(awb)
    const first = tracked.tracking_data.shipment_track?.[0]
    if (!first?.order_id || !first.shipment_id) {
      throw new CourierError(`Shiprocket knows no shipment with AWB ${awb}`)
    }
    return { orderId: first.order_id, shipmentId: first.shipment_id }
  }

  async function trackData(awb: string) {
    const answer = await client.call('GET', `/courier/track/awb/${encodeURIComponent(awb)}`)
    // Some answers are keyed by the AWB.
    const json = answer.json as Record<string, unknown> | null
    const inner = json && typeof json === 'object' && awb in json ? json[awb] : json
    return readAnswer({ ...answer, json: inner }, trackAnswer, 'Shiprocket track')
  }

  async function generatePickup(shipmentId: string, alreadyFine: boolean) {
    const answer = await client.call('POST', '/courier/generate/pickup', {
      shipment_id: [Number(shipmentId)],
    })
    if (alreadyFine && !answer.ok && /already/i.test(answer.text)) return
    readAnswer(answer, z.unknown(), 'Shiprocket generate pickup')
  }

  async function generateLabel(shipmentId: string) {
    const answer = await client.call('POST', '/courier/generate/label', {
      shipment_id: [Number(shipmentId)],
    })
    return readAnswer(answer, labelAnswer, 'Shiprocket generate label').label_url
  }

  async function cancelOrder(orderId: string) {
    const answer = await client.call('POST', '/orders/cancel', { ids: [Number(orderId)] })
    readAnswer(answer, z.unknown(), 'Shiprocket cancel order')
  }

  return {
    name: 'SHIPROCKET',
    sandbox: false,
    async serviceability({ pickupPincode, deliveryPincode }) {
      // Shiprocket quotes a pair of pincodes: a seller without a pickup address ships nothing.
      if (!pickupPincode) return { serviceable: false, cod: false, transitDays: null }
      const all = await options(pickupPincode, deliveryPincode, false, 0.5)
      return {
        serviceable: all.length > 0,
        cod: all.some((o) => o.cod),
        transitDays: all.length > 0 ? daysOf(all[0]) : null,
      }
    },
    async book(input) {
      const cod = input.codPaise > 0
      const weightKg = input.weightGrams / 1000
      // Asked first so that nothing is created for a pair no courier serves.
      const [choice] = await options(input.pickup.pincode, input.delivery.pincode, cod, weightKg)
      if (!choice) {
        throw new CourierUnserviceableError(
          `Shiprocket serves no courier${cod ? ' taking cash' : ''} there`,
        )
      }
      const pickupLocation = await ensurePickupPlace(input)
      const created = readAnswer(
        await client.call(
          'POST',
          '/orders/create/adhoc',
          orderBody(input, pickupLocation, orderDate(), client.accountEmail),
        ),
        createdAnswer,
        'Shiprocket create order',
      )
      return completeBooking(created, choice, false)
    },
    async bookReturn(input) {
      const weightKg = input.weightGrams / 1000
      const value = paiseToRupees(input.declaredValuePaise)
      // From the shopper to the seller; asked first so nothing is created where none collects.
      const [choice] = await options(
        input.pickup.pincode,
        input.delivery.pincode,
        false,
        weightKg,
        value,
      )
      if (!choice) {
        throw new CourierUnserviceableError('Shiprocket serves no courier collecting returns there')
      }
      const created = readAnswer(
        await client.call(
          'POST',
          '/orders/create/return',
          returnOrderBody(input, orderDate(), client.accountEmail),
        ),
        createdAnswer,
        'Shiprocket create return order',
      )
      return completeBooking(created, choice, true)
    },
    async label(awb, providerRef) {
      return generateLabel((await idsOf(awb, providerRef)).shipmentId)
    },
    async requestPickup({ awb, providerRef }) {
      // A shipment already in the pickup queue is what was asked for.
      await generatePickup((await idsOf(awb, providerRef)).shipmentId, true)
    },
    async findBookings(reference) {
      // "Get all Orders" searches by AWB or by the channel order id we gave (`order_id` at
      // create); a search may match more than ours, so the id is compared exactly.
      const query = new URLSearchParams({ search: reference })
      const answer = await client.call('GET', `/orders?${query}`)
      const { data } = readAnswer(answer, ordersAnswer, 'Shiprocket orders by reference')
      return (data ?? [])
        .filter((o) => o.channel_order_id === reference && !/cancel/i.test(o.status ?? ''))
        .map((o) => {
          const shipment = o.shipments?.[0]
          // An order without an AWB yet is still cancelled by its order id.
          return {
            awb: shipment?.awb ?? '',
            providerRef: refOf(o.id, shipment?.id ?? ''),
          }
        })
    },
    async cancel(awb, providerRef) {
      // Shiprocket cancels by its order id: ours when we have it, else looked up by the AWB.
      const [orderId] = providerRef?.split(':') ?? []
      await cancelOrder(orderId || (await idsOf(awb, providerRef)).orderId)
    },
    async returnToOrigin(awb) {
      // Its API cancels an order only before pickup; a parcel on its way is called back from the
      // panel, and the shop follows the RTO scan that follows.
      throw new CourierError(
        `Shiprocket takes the return of ${awb} in its panel only: ask for it there`,
      )
    },
    async track(awb) {
      return shiprocketTrackEvents(awb, await trackData(awb))
    },
    verifyWebhook({ rawBody, headers }) {
      // Shiprocket signs nothing: the key its panel sends is the credential. None set: refuse.
      if (!safeEqual(firstHeader(headers, 'x-api-key'), client.webhookToken)) {
        throw new CourierAuthError('x-api-key does not match')
      }
      return shiprocketWebhookEvent(rawBody)
    },
  }
}
