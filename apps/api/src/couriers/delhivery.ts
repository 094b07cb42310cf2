import { paiseToRupees } from '@techbazaar/shared'
import { z } from 'zod'
import { delhiveryTrackEvents, delhiveryWebhookEvent, trackAnswer } from './delhivery-events'
import {
  bestEffort,
  istParts,
  readAnswer,
  safeEqual,
  send,
  stateOfPincode,
  tenDigits,
} from './http'
import { pickupPlaceName } from './pickup-place'
import { estimatedTransitDays } from './pincodes'
import {
  CourierAuthError,
  CourierError,
  CourierUnserviceableError,
  type BookingInput,
  type Courier,
  type ReturnPickupInput,
} from './types'

export interface DelhiveryOptions {
  token: string
  /** https://staging-express.delhivery.com or https://track.delhivery.com; tests use a fake. */
  baseUrl: string
  /** The `?token=` of the push URL registered with Delhivery; unset refuses every push. */
  webhookToken?: string
  fetch?: typeof fetch
  now?: () => Date
}

const text = z.string().nullish()
const yes = z
  .string()
  .nullish()
  .transform((v) => v?.toUpperCase() === 'Y')
const pinCodesAnswer = z.object({
  // `pickup`: Delhivery collects there (reverse pickups).
  delivery_codes: z.array(
    z.object({ postal_code: z.object({ pre_paid: yes, cod: yes, pickup: yes }) }),
  ),
})
const createAnswer = z.object({
  success: z.boolean().nullish(),
  rmk: text,
  packages: z
    .array(
      z.object({
        waybill: z.union([z.string(), z.number()]).transform(String).nullish(),
        status: text,
        remarks: z.unknown(),
      }),
    )
    .nullish(),
})
const slipAnswer = z.object({
  pdf_download_link: text,
  packages: z.array(z.object({ pdf_download_link: text })).nullish(),
})
/** The package API asked by our reference (`ref_ids`): each manifested package and its status. */
const byReferenceAnswer = z.object({
  ShipmentData: z
    .array(
      z.object({
        Shipment: z.object({
          AWB: z.union([z.string().min(1), z.number()]).transform(String),
          ReferenceNo: z.union([z.string(), z.number()]).transform(String).nullish(),
          Status: z.object({ Status: text, StatusType: text }).nullish(),
        }),
      }),
    )
    .nullish(),
  Error: text,
})
const editAnswer = z.object({ status: z.union([z.boolean(), z.string()]).nullish(), remark: text })

/**
 * Delhivery asks a day and a time for a pickup: today at 14:00 when asked before noon (IST),
 * else the next day at 11:00, skipping Sundays as the shop's delivery estimate does.
 */
export function pickupSlot(at: Date): { date: string; time: string } {
  const today = istParts(at)
  if (Number(today.time.slice(0, 2)) < 12 && today.weekday !== 0) {
    return { date: today.date, time: '14:00:00' }
  }
  for (let days = 1; ; days++) {
    const next = istParts(new Date(at.getTime() + days * 86_400_000))
    if (next.weekday !== 0) return { date: next.date, time: '11:00:00' }
  }
}

/** Delhivery's B2C API (pin codes, warehouses, manifest, packing slip, pickups, tracking). */
export function createDelhivery(opts: DelhiveryOptions): Courier {
  const http = opts.fetch ?? fetch
  const now = opts.now ?? (() => new Date())
  const knownWarehouses = new Set<string>()

  function call(method: 'GET' | 'POST', path: string, body?: unknown, form = false) {
    return send(http, 'Delhivery', `${opts.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Token ${opts.token}`,
        Accept: 'application/json',
        'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      },
      body: body === undefined ? undefined : form ? String(body) : JSON.stringify(body),
    })
  }

  async function pinCode(pincode: string) {
    const answer = await call(
      'GET',
      `/c/api/pin-codes/json/?filter_codes=${encodeURIComponent(pincode)}`,
    )
    const { delivery_codes } = readAnswer(answer, pinCodesAnswer, 'Delhivery pin codes')
    return delivery_codes[0]?.postal_code
  }

  /** The seller's warehouse (Delhivery's pickup place), made on its first booking. */
  async function ensureWarehouse(pickupId: string, pickup: BookingInput['pickup']) {
    const name = pickupPlaceName(pickupId, pickup)
    if (knownWarehouses.has(name)) return name
    const answer = await call('POST', '/api/backend/clientwarehouse/create/', {
      name,
      registered_name: pickup.name,
      email: pickup.email ?? '',
      phone: tenDigits(pickup.phone),
      address: pickup.address,
      city: pickup.city,
      pin: pickup.pincode,
      country: 'India',
      return_address: pickup.address,
      return_city: pickup.city,
      return_pin: pickup.pincode,
      return_state: stateOfPincode(pickup.pincode),
      return_country: 'India',
    })
    // Delhivery may refuse with 200 and `success: false`; a name it has already is fine.
    const refused = !answer.ok || (answer.json as { success?: unknown } | null)?.success === false
    if (refused && !/already exist/i.test(answer.text)) {
      throw new CourierError(`Delhivery create warehouse refused: ${answer.text.slice(0, 200)}`)
    }
    knownWarehouses.add(name)
    return name
  }

  function manifest(input: BookingInput, warehouse: string) {
    const { delivery } = input
    const cod = input.codPaise > 0
    const data = {
      shipments: [
        {
          name: delivery.name,
          add: delivery.address,
          pin: delivery.pincode,
          city: delivery.city,
          state: stateOfPincode(delivery.pincode),
          country: 'India',
          phone: tenDigits(delivery.phone),
          order: input.reference,
          payment_mode: cod ? 'COD' : 'Prepaid',
          cod_amount: cod ? paiseToRupees(input.codPaise) : 0,
          total_amount: paiseToRupees(cod ? input.codPaise : input.declaredValuePaise),
          weight: input.weightGrams,
          shipment_length: input.lengthCm,
          shipment_width: input.breadthCm,
          shipment_height: input.heightCm,
          quantity: String(input.items.reduce((sum, item) => sum + item.quantity, 0)),
          products_desc: input.items.map((i) => `${i.quantity} x ${i.title}`).join(', '),
          // The e-way bill Delhivery asks of a consignment above ₹50,000.
          ...(input.eWayBillNumber ? { ewbn: input.eWayBillNumber } : {}),
        },
      ],
      pickup_location: { name: warehouse },
    }
    // Delhivery's manifest API takes a form whose `data` field is the JSON.
    return new URLSearchParams({ format: 'json', data: JSON.stringify(data) }).toString()
  }

  /**
   * A reverse pickup's manifest: the consignee is the shopper (where Delhivery collects, as
   * `payment_mode: "Pickup"` says) and the seller's warehouse is where it goes back to; the
   * return address says the same, so a parcel that cannot be handed over comes back there too.
   */
  function reverseManifest(input: ReturnPickupInput, warehouse: string) {
    const { pickup, delivery } = input
    const data = {
      shipments: [
        {
          name: pickup.name,
          add: pickup.address,
          pin: pickup.pincode,
          city: pickup.city,
          state: stateOfPincode(pickup.pincode),
          country: 'India',
          phone: tenDigits(pickup.phone),
          order: input.reference,
          payment_mode: 'Pickup',
          cod_amount: 0,
          total_amount: paiseToRupees(input.declaredValuePaise),
          weight: input.weightGrams,
          shipment_length: input.lengthCm,
          shipment_width: input.breadthCm,
          shipment_height: input.heightCm,
          quantity: String(input.items.reduce((sum, item) => sum + item.quantity, 0)),
          products_desc: input.items.map((i) => `${i.quantity} x ${i.title}`).join(', '),
          return_name: delivery.name,
          return_add: delivery.address,
          return_city: delivery.city,
          return_pin: delivery.pincode,
          return_state: stateOfPincode(delivery.pincode),
          return_phone: tenDigits(delivery.phone),
          return_country: 'India',
        },
      ],
      pickup_location: { name: warehouse },
    }
    return new URLSearchParams({ format: 'json', data: JSON.stringify(data) }).toString()
  }

  /**
   * Manifests a shipment (`form`: the create API's form) and answers its waybill. A refusal is a
   * CourierError; a waybill issued with a refusal is cancelled first (best effort).
   */
  async function createShipment(form: string): Promise<string> {
    const created = readAnswer(
      await call('POST', '/api/cmu/create.json', form, true),
      createAnswer,
      'Delhivery create',
    )
    const pkg = created.packages?.[0]
    const failed = created.success === false || pkg?.status?.toLowerCase() === 'fail'
    if (failed || !pkg?.waybill) {
      if (pkg?.waybill && pkg.status?.toLowerCase() !== 'fail') {
        await bestEffort(() => cancelWaybill(pkg.waybill!))
      }
      const why = created.rmk ?? JSON.stringify(pkg?.remarks ?? 'no waybill')
      throw new CourierError(`Delhivery refused the shipment: ${why}`)
    }
    return pkg.waybill
  }

  async function cancelWaybill(awb: string) {
    const answer = await call('POST', '/api/p/edit', { waybill: awb, cancellation: 'true' })
    const { status, remark } = readAnswer(answer, editAnswer, 'Delhivery cancel')
    if (status === false || status === 'false') {
      throw new CourierError(`Delhivery refused to cancel ${awb}: ${remark ?? 'no reason given'}`)
    }
  }

  async function packingSlip(awb: string) {
    const query = new URLSearchParams({ wbns: awb, pdf: 'true' })
    const slip = readAnswer(
      await call('GET', `/api/p/packing_slip?${query}`),
      slipAnswer,
      'Delhivery packing slip',
    )
    const link = slip.pdf_download_link || slip.packages?.[0]?.pdf_download_link
    if (!link) throw new CourierError(`Delhivery made no label for ${awb}`)
    return link
  }

  async function pickupRequest(warehouse: string) {
    const slot = pickupSlot(now())
    const answer = await call('POST', '/fm/request/new/', {
      pickup_location: warehouse,
      expected_package_count: 1,
      pickup_date: slot.date,
      pickup_time: slot.time,
    })
    // One request per warehouse and day collects every parcel manifested there.
    if (!answer.ok && /pr_exist|already/i.test(answer.text)) return
    readAnswer(answer, z.unknown(), 'Delhivery pickup request')
  }

  return {
    name: 'DELHIVERY',
    sandbox: false,
    async serviceability({ pickupPincode, deliveryPincode }) {
      const code = await pinCode(deliveryPincode)
      const serviceable = Boolean(code && (code.pre_paid || code.cod))
      return {
        serviceable,
        cod: serviceable && Boolean(code?.cod),
        // Delhivery's pin-codes API answers no transit time: the sandbox's estimate by postal
        // circles (pincodes.ts) stands in.
        transitDays: serviceable ? estimatedTransitDays(pickupPincode, deliveryPincode) : null,
      }
    },
    async book(input) {
      const cod = input.codPaise > 0
      const code = await pinCode(input.delivery.pincode)
      if (!code || !(cod ? code.cod : code.pre_paid)) {
        throw new CourierUnserviceableError(
          `Delhivery does not deliver${cod ? ' with cash' : ''} there`,
        )
      }
      const warehouse = await ensureWarehouse(input.pickupId, input.pickup)
      const awb = await createShipment(manifest(input, warehouse))
      try {
        const labelUrl = await packingSlip(awb)
        await pickupRequest(warehouse)
        return {
          awb,
          labelUrl,
          transitDays: estimatedTransitDays(input.pickup.pincode, input.delivery.pincode),
        }
      } catch (err) {
        await bestEffort(() => cancelWaybill(awb))
        throw err instanceof CourierError ? err : new CourierError(String(err))
      }
    },
    async bookReturn(input) {
      // Delhivery must collect at the shopper's pincode; nothing is made where it does not.
      const code = await pinCode(input.pickup.pincode)
      if (!code?.pickup) {
        throw new CourierUnserviceableError('Delhivery does not collect returns there')
      }
      const warehouse = await ensureWarehouse(input.sellerPlaceId, input.delivery)
      const awb = await createShipment(reverseManifest(input, warehouse))
      try {
        // No pickup request: that asks for a collection at the warehouse; a reverse pickup is
        // collected from the shopper on its manifest alone.
        const labelUrl = await packingSlip(awb)
        return {
          awb,
          labelUrl,
          transitDays: estimatedTransitDays(input.pickup.pincode, input.delivery.pincode),
        }
      } catch (err) {
        await bestEffort(() => cancelWaybill(awb))
        throw err instanceof CourierError ? err : new CourierError(String(err))
      }
    },
    label: (awb) => packingSlip(awb),
    async requestPickup({ pickupId, pickup }) {
      await pickupRequest(await ensureWarehouse(pickupId, pickup))
    },
    async findBookings(reference) {
      // The package API takes our order reference (`ref_ids`, the manifest's `order`) as well as
      // waybills, and answers every package manifested under it.
      const query = new URLSearchParams({ ref_ids: reference })
      const answer = await call('GET', `/api/v1/packages/json/?${query}`)
      const found = readAnswer(answer, byReferenceAnswer, 'Delhivery packages by reference')
      if (found.Error) {
        if (/no such|not found/i.test(found.Error)) return []
        throw new CourierError(`Delhivery packages of ${reference}: ${found.Error}`)
      }
      // A cancelled package (status type CN) holds nothing; the reference is matched exactly.
      return (found.ShipmentData ?? [])
        .map(({ Shipment: s }) => s)
        .filter((s) => (s.ReferenceNo ?? reference) === reference)
        .filter((s) => s.Status?.StatusType?.toUpperCase() !== 'CN')
        .filter((s) => !/^cancel/i.test(s.Status?.Status ?? ''))
        .map((s) => ({ awb: s.AWB }))
    },
    cancel: (awb) => cancelWaybill(awb),
    // Delhivery's cancellation of a waybill already in transit marks it for return to origin.
    returnToOrigin: (awb) => cancelWaybill(awb),
    async track(awb) {
      const answer = await call('GET', `/api/v1/packages/json/?waybill=${encodeURIComponent(awb)}`)
      const tracked = readAnswer(answer, trackAnswer, 'Delhivery track')
      if (tracked.Error) throw new CourierError(`Delhivery track ${awb}: ${tracked.Error}`)
      return delhiveryTrackEvents(awb, tracked)
    },
    verifyWebhook({ rawBody, query }) {
      // Delhivery's push carries no signature: the token in the URL we registered is the key.
      if (!safeEqual(query.token, opts.webhookToken)) {
        throw new CourierAuthError('token does not match')
      }
      return delhiveryWebhookEvent(rawBody)
    },
  }
}
