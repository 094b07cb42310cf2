import Fastify, { type FastifyReply } from 'fastify'

type Call =
  | 'login'
  | 'serviceability'
  | 'addpickup'
  | 'create'
  | 'createReturn'
  | 'assign'
  | 'pickup'
  | 'label'
  | 'orders'
type Body = Record<string, unknown>

export interface FakeShiprocketOrder {
  /** Shiprocket's ids. */
  id: number
  shipmentId: number
  /** Ours (`order_id` in the create call). */
  reference: string
  /** An ad-hoc (forward) order, or a return order (a reverse pickup). */
  kind: 'forward' | 'return'
  body: Body
  status: 'NEW' | 'CANCELED'
  awb?: string
  courierId?: number
  pickupRequested: boolean
  /** Scans, oldest first, as the webhook and the track API carry them. */
  scans: { date: string; status: string; activity: string; location: string; label: string }[]
}

const PIN = /^[1-9]\d{5}$/
const PHONE = /^\d{10}$/
/** Scan labels from the courier's pickup on (the parcel is no longer at the seller's). */
const COLLECTED = /PICKED UP|SHIPPED|IN[ _]TRANSIT|REACHED|OUT FOR DELIVERY|DELIVERED|RTO/i

/** What a field must be, or the message Shiprocket-style validation gives. */
function missing(body: Body, fields: string[]): string[] {
  return fields.filter((f) => body[f] === undefined || body[f] === null || body[f] === '')
}

/**
 * A local stand-in for Shiprocket's external API as our reference describes it: login (10-day
 * JWTs, here opaque tokens that a test can expire), serviceability, pickup locations, ad-hoc
 * and return orders, AWB assignment, pickup, label, cancel, track and the order list's search,
 * plus the tracking webhook it sends. `outage(call)` makes one call answer 500; the state shows what is
 * left booked.
 */
export async function startFakeShiprocket(
  creds = { email: 'api@shop.example.in', password: 'sr-test-password' },
) {
  const tokens = new Set<string>()
  const locations = new Map<string, Body>()
  const orders = new Map<number, FakeShiprocketOrder>()
  const down = new Set<Call>()
  const counts = { logins: 0, addpickup: 0 }
  let nextId = 1000

  const app = Fastify()
  const fail = (call: Call, reply: FastifyReply) =>
    down.has(call) ? reply.status(500).send({ message: 'Internal Server Error' }) : undefined
  const invalid = (reply: FastifyReply, errors: Record<string, string[]>) =>
    reply.status(422).send({ message: 'Oops! Invalid Data.', status_code: 422, errors })

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.endsWith('/auth/login')) return
    const token = request.headers.authorization?.replace(/^Bearer /, '')
    if (!token || !tokens.has(token)) {
      return reply.status(401).send({ message: 'Unauthenticated.', status_code: 401 })
    }
  })

  app.post('/v1/external/auth/login', async (request, reply) => {
    if (fail('login', reply)) return reply
    const body = request.body as Body
    if (body.email !== creds.email || body.password !== creds.password) {
      return reply.status(400).send({ message: 'Invalid email and password combination' })
    }
    counts.logins++
    const token = `token-${crypto.randomUUID()}`
    tokens.add(token)
    return { id: 1, email: creds.email, token }
  })

  // Prepaid couriers everywhere but 744 (Andamans: none); no cash in 79 (the North-East). A
  // return (`is_return=1`, with its declared value) is collected anywhere a parcel is delivered.
  app.get('/v1/external/courier/serviceability', async (request, reply) => {
    if (fail('serviceability', reply)) return reply
    const q = request.query as Record<string, string | undefined>
    if (!PIN.test(q.pickup_postcode ?? '') || !PIN.test(q.delivery_postcode ?? '') || !q.weight) {
      return invalid(reply, { delivery_postcode: ['pickup, delivery postcode and weight needed'] })
    }
    const isReturn = q.is_return === '1'
    if (isReturn && !q.declared_value) {
      return invalid(reply, { declared_value: ['The declared value is required for a return'] })
    }
    const to = q.delivery_postcode!
    const remote = isReturn ? q.pickup_postcode! : to
    if (remote.startsWith('744')) {
      return reply.status(404).send({ status: 404, message: 'Delivery postcode not serviceable' })
    }
    const noCash = to.startsWith('79')
    const all = [
      {
        courier_company_id: 10,
        courier_name: 'Delhivery Surface',
        cod: noCash ? 0 : 1,
        estimated_delivery_days: '4',
      },
      { courier_company_id: 43, courier_name: 'Xpressbees', cod: 0, estimated_delivery_days: '3' },
    ]
    const couriers = q.cod === '1' ? all.filter((c) => c.cod === 1) : all
    if (couriers.length === 0) return { status: 200, data: [] }
    return {
      status: 200,
      data: { available_courier_companies: couriers, recommended_courier_company_id: 43 },
    }
  })

  app.post('/v1/external/settings/company/addpickup', async (request, reply) => {
    if (fail('addpickup', reply)) return reply
    const body = request.body as Body
    counts.addpickup++
    const absent = missing(body, [
      'pickup_location',
      'name',
      'email',
      'phone',
      'address',
      'city',
      'state',
      'country',
      'pin_code',
    ])
    if (absent.length > 0 || !PHONE.test(String(body.phone)) || !PIN.test(String(body.pin_code))) {
      return invalid(reply, {
        pickup_location: [`invalid: ${absent.join(', ') || 'phone or pin'}`],
      })
    }
    const name = String(body.pickup_location)
    if (locations.has(name)) {
      return invalid(reply, { pickup_location: ['Pickup location already exists'] })
    }
    locations.set(name, body)
    return { success: true, address: body, pickup_id: locations.size }
  })

  app.post('/v1/external/orders/create/adhoc', async (request, reply) => {
    if (fail('create', reply)) return reply
    const body = request.body as Body
    const absent = missing(body, [
      'order_id',
      'order_date',
      'pickup_location',
      'billing_customer_name',
      'billing_address',
      'billing_city',
      'billing_pincode',
      'billing_state',
      'billing_country',
      'billing_email',
      'billing_phone',
      'payment_method',
      'sub_total',
      'length',
      'breadth',
      'height',
      'weight',
    ])
    const items = body.order_items as Body[] | undefined
    const badItem =
      !items?.length ||
      items.some((i) => missing(i, ['name', 'sku', 'units', 'selling_price']).length > 0)
    if (absent.length > 0 || badItem) {
      return invalid(reply, { order: [`missing: ${absent.join(', ') || 'order_items'}`] })
    }
    if (!locations.has(String(body.pickup_location))) {
      return invalid(reply, { pickup_location: ['Wrong Pickup location entered.'] })
    }
    if (
      !['COD', 'Prepaid'].includes(String(body.payment_method)) ||
      !PHONE.test(String(body.billing_phone))
    ) {
      return invalid(reply, { payment_method: ['payment method or phone invalid'] })
    }
    const order = addOrder(body, 'forward')
    return { order_id: order.id, shipment_id: order.shipmentId, status: 'NEW', status_code: 1 }
  })

  const addOrder = (body: Body, kind: FakeShiprocketOrder['kind']) => {
    const order: FakeShiprocketOrder = {
      id: nextId++,
      shipmentId: nextId++,
      reference: String(body.order_id),
      kind,
      body,
      status: 'NEW',
      pickupRequested: false,
      scans: [],
    }
    orders.set(order.id, order)
    return order
  }

  // A return order: `pickup_*` is the shopper, `shipping_*` the seller it goes back to.
  app.post('/v1/external/orders/create/return', async (request, reply) => {
    if (fail('createReturn', reply)) return reply
    const body = request.body as Body
    const absent = missing(body, [
      'order_id',
      'order_date',
      'pickup_customer_name',
      'pickup_address',
      'pickup_city',
      'pickup_state',
      'pickup_country',
      'pickup_pincode',
      'pickup_email',
      'pickup_phone',
      'shipping_customer_name',
      'shipping_address',
      'shipping_city',
      'shipping_country',
      'shipping_pincode',
      'shipping_state',
      'shipping_phone',
      'payment_method',
      'sub_total',
      'length',
      'breadth',
      'height',
      'weight',
    ])
    const items = body.order_items as Body[] | undefined
    const badItem =
      !items?.length ||
      items.some((i) => missing(i, ['name', 'sku', 'units', 'selling_price']).length > 0)
    if (absent.length > 0 || badItem) {
      return invalid(reply, { order: [`missing: ${absent.join(', ') || 'order_items'}`] })
    }
    if (
      String(body.payment_method).toLowerCase() !== 'prepaid' ||
      !PHONE.test(String(body.pickup_phone)) ||
      !PHONE.test(String(body.shipping_phone)) ||
      !PIN.test(String(body.pickup_pincode)) ||
      !PIN.test(String(body.shipping_pincode))
    ) {
      return invalid(reply, { payment_method: ['a return is prepaid; phones and pincodes valid'] })
    }
    if ([...orders.values()].some((o) => o.kind === 'return' && o.reference === body.order_id)) {
      return invalid(reply, { order_id: ['The order id has already been taken.'] })
    }
    const order = addOrder(body, 'return')
    return {
      order_id: order.id,
      shipment_id: order.shipmentId,
      status: 'RETURN PENDING',
      status_code: 21,
    }
  })

  const byShipment = (id: unknown) =>
    [...orders.values()].find((o) => o.shipmentId === Number(id) && o.status === 'NEW')

  app.post('/v1/external/courier/assign/awb', async (request, reply) => {
    if (fail('assign', reply)) return reply
    const body = request.body as Body
    const order = byShipment(body.shipment_id)
    if (!order) return reply.status(400).send({ message: 'Invalid shipment id' })
    // A return shipment's AWB is asked for with `is_return`.
    const isReturn = body.is_return === 1 || body.is_return === true || body.is_return === '1'
    if (isReturn !== (order.kind === 'return')) {
      return reply.status(400).send({ message: 'Invalid shipment id' })
    }
    order.awb ??= String(1_900_000_000 + order.shipmentId)
    order.courierId = Number(body.courier_id ?? 10)
    return {
      awb_assign_status: 1,
      response: {
        data: {
          awb_code: order.awb,
          courier_company_id: order.courierId,
          order_id: order.id,
          shipment_id: order.shipmentId,
        },
      },
    }
  })

  app.post('/v1/external/courier/generate/pickup', async (request, reply) => {
    if (fail('pickup', reply)) return reply
    const [id] = (request.body as { shipment_id?: unknown[] }).shipment_id ?? []
    const order = byShipment(id)
    if (!order?.awb) return reply.status(400).send({ message: 'AWB not assigned' })
    if (order.pickupRequested)
      return reply.status(400).send({ message: 'Already in Pickup Queue.' })
    order.pickupRequested = true
    return { pickup_status: 1, response: { pickup_scheduled_date: '2026-11-23 11:00:00' } }
  })

  app.post('/v1/external/courier/generate/label', async (request, reply) => {
    if (fail('label', reply)) return reply
    const [id] = (request.body as { shipment_id?: unknown[] }).shipment_id ?? []
    const order = byShipment(id)
    if (!order?.awb) return reply.status(400).send({ message: 'AWB not assigned' })
    return {
      label_created: 1,
      label_url: `${address}/labels/${order.shipmentId}.pdf`,
      not_created: [],
    }
  })

  app.post('/v1/external/orders/cancel', async (request, reply) => {
    const ids = (request.body as { ids?: unknown[] }).ids ?? []
    const found = ids.map((id) => orders.get(Number(id)))
    if (found.length === 0 || found.some((o) => !o)) {
      return reply.status(422).send({ message: 'Order ids are invalid' })
    }
    // Its API cancels an order only before the courier collects it
    // (docs/decisions/056-second-outside-attack.md, Issue 26.5): an order with a scan from the
    // pickup on is refused, and the panel's return is the way back.
    const collected = found.find((o) => o!.scans.some((s) => COLLECTED.test(s.label)))
    if (collected) {
      return reply
        .status(400)
        .send({ message: `Order ${collected.id} has been picked up and cannot be cancelled` })
    }
    for (const order of found) order!.status = 'CANCELED'
    return reply.status(200).send({ status: 200, message: 'Orders cancelled' })
  })

  // Get all Orders: `search` finds orders by AWB or by the channel order id (ours), return
  // orders included, newest first; each lists its shipments (an AWB not assigned yet is '').
  app.get('/v1/external/orders', async (request, reply) => {
    if (fail('orders', reply)) return reply
    const search = (request.query as { search?: string }).search ?? ''
    const found = [...orders.values()]
      .filter((o) => !search || o.reference.includes(search) || o.awb === search)
      .reverse()
    return {
      data: found.map((o) => ({
        id: o.id,
        channel_order_id: o.reference,
        status: o.status,
        shipments: [{ id: o.shipmentId, awb: o.awb ?? '' }],
      })),
      meta: { pagination: { total: found.length, count: found.length, current_page: 1 } },
    }
  })

  app.get('/v1/external/courier/track/awb/:awb', async (request) => {
    const { awb } = request.params as { awb: string }
    const order = [...orders.values()].find((o) => o.awb === awb)
    if (!order) return { tracking_data: { track_status: 0, shipment_status: 0, error: 'No AWB' } }
    return {
      tracking_data: {
        track_status: 1,
        shipment_track: [
          { id: 1, awb_code: awb, order_id: order.id, shipment_id: order.shipmentId },
        ],
        // Newest first, as Shiprocket lists them.
        shipment_track_activities: [...order.scans].reverse().map((s) => ({
          date: s.date,
          status: s.status,
          activity: s.activity,
          location: s.location,
          'sr-status-label': s.label,
        })),
      },
    }
  })

  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const orderOf = (awb: string) => {
    const order = [...orders.values()].find((o) => o.awb === awb)
    if (!order) throw new Error(`no fake Shiprocket parcel ${awb}`)
    return order
  }

  return {
    baseUrl: `${address}/v1/external`,
    creds,
    orders,
    locations,
    counts,
    /** Orders that are booked (not cancelled) for our reference. */
    live: (reference: string) =>
      [...orders.values()].filter((o) => o.reference === reference && o.status === 'NEW'),
    outage(call: Call, on = true) {
      if (on) down.add(call)
      else down.delete(call)
    },
    /** Every token issued so far stops working (as after a password change). */
    expireTokens: () => tokens.clear(),
    /** A scan at the courier: `label` is Shiprocket's status (`sr-status-label`). */
    scan(awb: string, label: string, date: string, location = 'Bengaluru Hub') {
      orderOf(awb).scans.push({ date, status: 'X-UCI', activity: label, location, label })
    },
    /** The webhook Shiprocket sends after the latest scan, with `key` as its x-api-key. */
    webhook(awb: string, key: string | undefined, status?: string) {
      const order = orderOf(awb)
      const latest = order.scans.at(-1)
      const payload = JSON.stringify({
        awb: Number(awb),
        courier_name: 'Xpressbees',
        current_status: status ?? latest?.label ?? 'AWB ASSIGNED',
        current_status_id: 18,
        shipment_status: status ?? latest?.label ?? 'AWB ASSIGNED',
        shipment_status_id: 18,
        current_timestamp: '23 11 2026 11:43:52',
        order_id: order.reference,
        sr_order_id: order.id,
        etd: '2026-11-26 15:40:19',
        scans: order.scans.map((s) => ({
          date: s.date,
          status: s.status,
          activity: s.activity,
          location: s.location,
          'sr-status-label': s.label,
        })),
      })
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (key !== undefined) headers['x-api-key'] = key
      return { payload, headers }
    },
    close: () => app.close(),
  }
}
