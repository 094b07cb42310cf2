import Fastify, { type FastifyReply } from 'fastify'

type Call = 'pincodes' | 'warehouse' | 'create' | 'slip' | 'pickup' | 'cancel' | 'track'
type Body = Record<string, unknown>

export interface FakeDelhiveryParcel {
  waybill: string
  shipment: Body
  warehouse: string
  cancelled: boolean
  /** Scans oldest first, as the track API lists them. */
  scans: { Scan: string; ScanType: string; ScanDateTime: string; ScannedLocation: string }[]
}

const PIN = /^[1-9]\d{5}$/

/**
 * A local stand-in for Delhivery's B2C API as our reference describes it (`Authorization: Token`,
 * pin codes, warehouses, the form-encoded manifest (reverse pickups too), packing slip, pickup
 * requests, cancel via edit, tracking by waybill or by our reference) and the scan push it sends. `outage(call)` makes one call
 * answer 500.
 */
export async function startFakeDelhivery(token = 'dl-test-token') {
  const warehouses = new Map<string, Body>()
  const parcels = new Map<string, FakeDelhiveryParcel>()
  const pickups: Body[] = []
  const down = new Set<Call>()
  let nextWaybill = 5_100_000_000

  const app = Fastify()
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )
  /** Calls the test holds unanswered (`hold`): it learns when one arrives and lets it go. */
  const holds = new Map<Call, { arrived: () => void; released: Promise<void> }>()
  const gate = async (call: Call) => {
    const held = holds.get(call)
    if (!held) return
    holds.delete(call)
    held.arrived()
    await held.released
  }
  const fail = (call: Call, reply: FastifyReply) =>
    down.has(call) ? reply.status(500).send('Internal Server Error') : undefined

  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== `Token ${token}`) {
      return reply.status(401).send({ detail: 'Authentication credentials were not provided.' })
    }
  })

  // Everywhere but 744 (Andamans); no cash in 79 (the North-East); no reverse pickups (`pickup`)
  // in 194 (Ladakh).
  app.get('/c/api/pin-codes/json/', async (request, reply) => {
    if (fail('pincodes', reply)) return reply
    const pin = (request.query as { filter_codes?: string }).filter_codes ?? ''
    if (!PIN.test(pin) || pin.startsWith('744')) return { delivery_codes: [] }
    const cod = pin.startsWith('79') ? 'N' : 'Y'
    const pickup = pin.startsWith('194') ? 'N' : 'Y'
    return {
      delivery_codes: [
        {
          postal_code: {
            pin: Number(pin),
            pre_paid: 'Y',
            cod,
            cash: cod,
            pickup,
            is_oda: 'N',
          },
        },
      ],
    }
  })

  app.post('/api/backend/clientwarehouse/create/', async (request, reply) => {
    if (fail('warehouse', reply)) return reply
    const body = request.body as Body
    const required = ['name', 'phone', 'address', 'pin', 'return_address', 'return_pin']
    const absent = required.filter((f) => !body[f])
    if (absent.length > 0) return reply.status(400).send({ success: false, error: absent })
    const name = String(body.name)
    if (warehouses.has(name)) {
      return { success: false, error: [`Client-Warehouse ${name} already exists`] }
    }
    warehouses.set(name, body)
    return { success: true, data: { name } }
  })

  app.post('/api/cmu/create.json', async (request, reply) => {
    if (fail('create', reply)) return reply
    const form = request.body as { format?: string; data?: string }
    if (form.format !== 'json' || !form.data)
      return { success: false, rmk: 'format=json&data= needed' }
    const data = JSON.parse(form.data) as {
      shipments?: Body[]
      pickup_location?: { name?: string }
    }
    const warehouse = data.pickup_location?.name ?? ''
    if (!warehouses.has(warehouse)) {
      return { success: false, rmk: 'ClientWarehouse matching query does not exist.' }
    }
    const shipment = data.shipments?.[0]
    const required = [
      'name',
      'add',
      'pin',
      'phone',
      'order',
      'payment_mode',
      'weight',
      'products_desc',
    ]
    const absent = required.filter((f) => shipment?.[f] === undefined || shipment[f] === '')
    if (
      !shipment ||
      absent.length > 0 ||
      // "Pickup": a reverse pickup, collected from the consignee and brought to the warehouse.
      !['COD', 'Prepaid', 'Pickup'].includes(String(shipment.payment_mode))
    ) {
      return {
        success: false,
        packages: [{ status: 'Fail', waybill: '', remarks: [`missing ${absent}`] }],
      }
    }
    const waybill = String(nextWaybill++)
    parcels.set(waybill, { waybill, shipment, warehouse, cancelled: false, scans: [] })
    return {
      success: true,
      package_count: 1,
      packages: [{ status: 'Success', waybill, refnum: shipment.order, remarks: [''] }],
    }
  })

  app.get('/api/p/packing_slip', async (request, reply) => {
    await gate('slip')
    if (fail('slip', reply)) return reply
    const { wbns, pdf } = request.query as { wbns?: string; pdf?: string }
    const parcel = parcels.get(wbns ?? '')
    if (!parcel || pdf !== 'true') return { packages: [], packages_found: 0 }
    return {
      packages_found: 1,
      packages: [
        { wbn: parcel.waybill, pdf_download_link: `${address}/slips/${parcel.waybill}.pdf` },
      ],
    }
  })

  app.post('/fm/request/new/', async (request, reply) => {
    await gate('pickup')
    if (fail('pickup', reply)) return reply
    const body = request.body as Body
    if (!warehouses.has(String(body.pickup_location)) || !body.pickup_date || !body.pickup_time) {
      return reply.status(400).send({ error: { message: 'pickup_location, date and time needed' } })
    }
    const same = pickups.find(
      (p) => p.pickup_location === body.pickup_location && p.pickup_date === body.pickup_date,
    )
    if (same) return reply.status(400).send({ pr_exist: true, pickup_id: same.pickup_id })
    const made = { ...body, pickup_id: pickups.length + 1 }
    pickups.push(made)
    return { pickup_id: made.pickup_id, pickup_date: body.pickup_date, incoming_center_name: 'Hub' }
  })

  app.post('/api/p/edit', async (request, reply) => {
    if (fail('cancel', reply)) return reply
    const body = request.body as Body
    const parcel = parcels.get(String(body.waybill))
    if (!parcel || body.cancellation !== 'true') {
      return { status: false, remark: 'No such waybill' }
    }
    // A delivered parcel is past cancelling (one in transit is returned to origin instead).
    if (parcel.scans.at(-1)?.ScanType === 'DL') {
      return { status: false, remark: 'Shipment is delivered and cannot be cancelled' }
    }
    parcel.cancelled = true
    return { status: true, remark: 'Shipment has been cancelled', waybill: parcel.waybill }
  })

  // By waybill, or by our order reference (`ref_ids`): every package manifested under it.
  app.get('/api/v1/packages/json/', async (request, reply) => {
    if (fail('track', reply)) return reply
    const { waybill, ref_ids: refIds } = request.query as { waybill?: string; ref_ids?: string }
    const found = waybill
      ? [parcels.get(waybill)].filter((p) => p !== undefined)
      : [...parcels.values()].filter((p) => refIds && p.shipment.order === refIds)
    if (found.length === 0) return { Error: 'No such waybill or Order Id found' }
    return {
      ShipmentData: found.map((parcel) => {
        const latest = parcel.scans.at(-1)
        return {
          Shipment: {
            AWB: parcel.waybill,
            ReferenceNo: parcel.shipment.order,
            Status: parcel.cancelled
              ? { Status: 'Canceled', StatusType: 'CN' }
              : { Status: latest?.Scan ?? 'Manifested', StatusType: latest?.ScanType ?? 'UD' },
            Scans: parcel.scans.map((s) => ({
              ScanDetail: { ...s, StatusDateTime: s.ScanDateTime, Instructions: s.Scan },
            })),
          },
        }
      }),
    }
  })

  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const parcelOf = (waybill: string) => {
    const parcel = parcels.get(waybill)
    if (!parcel) throw new Error(`no fake Delhivery parcel ${waybill}`)
    return parcel
  }

  return {
    baseUrl: address,
    token,
    warehouses,
    parcels,
    pickups,
    /** Parcels booked (not cancelled) for our reference. */
    live: (reference: string) =>
      [...parcels.values()].filter((p) => p.shipment.order === reference && !p.cancelled),
    /**
     * Holds the next `call` unanswered: `arrived` settles when it comes in, `release()` lets it
     * be answered (a crash test kills the shop in between).
     */
    hold(call: Call) {
      let arrived = () => {}
      let release = () => {}
      const came = new Promise<void>((resolve) => (arrived = resolve))
      const released = new Promise<void>((resolve) => (release = resolve))
      holds.set(call, { arrived, released })
      return { arrived: came, release }
    },
    outage(call: Call, on = true) {
      if (on) down.add(call)
      else down.delete(call)
    },
    /** A scan at Delhivery: `time` in IST as Delhivery writes it (`2026-11-23T10:15:00.123`). */
    scan(
      waybill: string,
      status: string,
      type: string,
      time: string,
      location = 'Bengaluru_Hub (Karnataka)',
    ) {
      parcelOf(waybill).scans.push({
        Scan: status,
        ScanType: type,
        ScanDateTime: time,
        ScannedLocation: location,
      })
    },
    /** The scan push for the latest scan; the test adds the URL's `?token=`. */
    push(waybill: string) {
      const parcel = parcelOf(waybill)
      const latest = parcel.scans.at(-1)
      if (!latest) throw new Error('scan first')
      return JSON.stringify({
        Shipment: {
          Status: {
            Status: latest.Scan,
            StatusDateTime: latest.ScanDateTime,
            StatusType: latest.ScanType,
            StatusLocation: latest.ScannedLocation,
            Instructions: latest.Scan,
          },
          PickUpDate: latest.ScanDateTime,
          NSLCode: 'X-UCI',
          ReferenceNo: parcel.shipment.order,
          AWB: parcel.waybill,
        },
      })
    },
    close: () => app.close(),
  }
}
