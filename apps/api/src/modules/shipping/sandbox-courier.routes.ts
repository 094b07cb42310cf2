import {
  addressWithLandmark,
  COURIER_EVENT_STATUSES,
  type CourierEventStatus,
  formatOrderNumber,
  formatPaise,
  RETURN_STATUS_LABELS,
  sandboxCourierEventBody,
  SHIPMENT_STATUS_LABELS,
} from '@techbazaar/shared'
import { and, desc, eq, isNotNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { orders, returns, shipments, subOrders, vendorProfiles } from '../../db/schema'
import { escape, page } from '../../lib/html'
import { eWayBillOf } from '../e-documents'

/** The events the sandbox offers next for a parcel in `status` (none once it has ended). */
function nextEvents(status: string): CourierEventStatus[] {
  if (['delivered', 'rto', 'cancelled', 'booking'].includes(status)) return []
  if (status === 'booked') return ['picked_up', 'rto']
  return COURIER_EVENT_STATUSES.filter((s) => s !== 'picked_up' && s !== status)
}

/**
 * The events offered next for a reverse pickup whose last event was `last`: collected from the
 * shopper (or a failed attempt at it), then on to the seller. It cannot return to an origin: the
 * shopper is its origin.
 */
function nextReturnEvents(last: CourierEventStatus | undefined): CourierEventStatus[] {
  if (!last || last === 'failed_attempt') return ['picked_up', 'failed_attempt']
  if (last === 'delivered' || last === 'rto') return []
  return COURIER_EVENT_STATUSES.filter((s) => s !== 'picked_up' && s !== 'rto' && s !== last)
}

/** The desk's buttons that push `statuses` for `awb`, or nothing. */
function eventButtons(awb: string, statuses: CourierEventStatus[]): string {
  if (statuses.length === 0) return ''
  const buttons = statuses
    .map(
      (s) =>
        `<button class="pay" name="status" value="${s}">${escape(SHIPMENT_STATUS_LABELS[s])}</button>`,
    )
    .join('')
  return `<form method="post" action="/sandbox-courier/${escape(awb)}/events" class="row wrap">${buttons}</form>`
}

/**
 * `/sandbox-courier` (demo mode only): the built-in courier's desk. It lists the parcels and the
 * reverse pickups (returns) booked with it and pushes each next tracking event to the shop's
 * webhook exactly as a courier would; `POST /sandbox-courier/{awb}/events` does the same for
 * tests. `/{awb}/label` is the label. Admins only when others can reach the demo.
 */
export async function sandboxCourierRoutes(app: FastifyInstance) {
  const { db, couriers } = app.deps
  // On this machine alone the desk is the developer's; a demo reachable by others (DEMO_MODE=true
  // on a public address) keeps it to admins, or anyone could mark any parcel delivered.
  const access = app.deps.config.demo.local ? 'public' : 'admin'
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access }
  })
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 10_000 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )

  const parcel = async (awb: string) => {
    const [row] = await db
      .select({ shipment: shipments, order: orders, sub: subOrders, seller: vendorProfiles })
      .from(shipments)
      .innerJoin(subOrders, eq(subOrders.id, shipments.subOrderId))
      .innerJoin(orders, eq(orders.id, subOrders.orderId))
      .leftJoin(vendorProfiles, eq(vendorProfiles.userId, subOrders.sellerId))
      .where(and(eq(shipments.courier, 'SANDBOX'), eq(shipments.awb, awb)))
    return row
  }
  /** A reverse pickup booked with the sandbox: the return, its order and the seller. */
  const returnPickup = async (awb: string) => {
    const [row] = await db
      .select({ ret: returns, order: orders, seller: vendorProfiles })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .innerJoin(subOrders, eq(subOrders.id, returns.subOrderId))
      .leftJoin(vendorProfiles, eq(vendorProfiles.userId, subOrders.sellerId))
      .where(and(eq(returns.pickupCourier, 'SANDBOX'), eq(returns.pickupAwb, awb)))
    return row
  }
  /** The last event the sandbox sent for `awb` (it keeps them, as a courier's tracking does). */
  const lastSent = async (awb: string) =>
    (await couriers.sandbox.courier.track(awb)).at(-1)?.status as CourierEventStatus | undefined
  const unknown = (reply: FastifyReply) =>
    reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(page('Unknown parcel', '<h1>No parcel has this AWB.</h1>'))

  app.get('/sandbox-courier', async (_request, reply) => {
    const rows = await db
      .select({ shipment: shipments, order: orders })
      .from(shipments)
      .innerJoin(subOrders, eq(subOrders.id, shipments.subOrderId))
      .innerJoin(orders, eq(orders.id, subOrders.orderId))
      .where(eq(shipments.courier, 'SANDBOX'))
      .orderBy(desc(shipments.createdAt))
      .limit(50)
    const items = rows
      .filter(({ shipment }) => shipment.awb)
      .map(({ shipment, order }) => {
        const awb = escape(shipment.awb!)
        return `<li><strong>${awb}</strong> · ${escape(formatOrderNumber(order.orderNumber))} · ${escape(
          SHIPMENT_STATUS_LABELS[shipment.status as CourierEventStatus] ?? shipment.status,
        )} · <a href="/sandbox-courier/${awb}/label">Label</a>${eventButtons(
          shipment.awb!,
          nextEvents(shipment.status),
        )}</li>`
      })
    const returnRows = await db
      .select({ ret: returns, order: orders })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .where(and(eq(returns.pickupCourier, 'SANDBOX'), isNotNull(returns.pickupAwb)))
      .orderBy(desc(returns.createdAt))
      .limit(50)
    const pickups = await Promise.all(
      returnRows.map(async ({ ret, order }) => {
        const awb = ret.pickupAwb!
        const last = await lastSent(awb)
        // Only while the return waits for the courier: once received (or rejected) it is over.
        const next = ret.status === 'approved' ? nextReturnEvents(last) : []
        return `<li><strong>${escape(awb)}</strong> · ${escape(
          formatOrderNumber(order.orderNumber),
        )} · return · ${escape(
          last ? SHIPMENT_STATUS_LABELS[last] : RETURN_STATUS_LABELS[ret.status],
        )} · <a href="/sandbox-courier/${escape(awb)}/label">Label</a>${eventButtons(awb, next)}</li>`
      }),
    )
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Sandbox courier',
          `<h1>Sandbox courier</h1><p class="note">Plays a courier for ${escape(
            app.deps.config.shopName,
          )}: each button sends the shop the tracking webhook a courier would.</p>${
            items.length ? `<ol>${items.join('')}</ol>` : '<p>No parcels booked yet.</p>'
          }<h2>Return pickups</h2>${
            pickups.length ? `<ol>${pickups.join('')}</ol>` : '<p>No return pickups booked yet.</p>'
          }`,
        ),
      )
  })

  app.post('/sandbox-courier/:awb/events', async (request, reply) => {
    const { awb } = request.params as { awb: string }
    const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
    const body = sandboxCourierEventBody.safeParse(request.body)
    if (!body.success) {
      return reply.status(400).send({ success: false, message: 'Unknown tracking status' })
    }
    if (!(await parcel(awb)) && !(await returnPickup(awb))) {
      return form
        ? unknown(reply)
        : reply.status(404).send({ success: false, message: 'Unknown AWB' })
    }
    const message = couriers.sandbox.event(
      awb,
      body.data.status,
      app.deps.now(),
      body.data.location,
    )
    const delivered = await app.inject({
      method: 'POST',
      url: '/api/couriers/sandbox/webhook',
      headers: message.headers,
      payload: message.rawBody,
    })
    if (form) return reply.redirect('/sandbox-courier', 303)
    return reply.status(delivered.statusCode).send(delivered.json())
  })

  app.get('/sandbox-courier/:awb/label', async (request, reply) => {
    const { awb } = request.params as { awb: string }
    const row = await parcel(awb)
    if (!row?.shipment.awb) {
      const pickup = await returnPickup(awb)
      return pickup
        ? reply.type('text/html; charset=utf-8').send(returnLabel(awb, pickup))
        : unknown(reply)
    }
    const { shipment, order, sub, seller } = row
    const awbText = escape(row.shipment.awb)
    const to = order.addressInfo
    const cod = order.paymentMethod === 'COD'
    // The consignment's e-way bill goes on the parcel (rule 138): the number, when it has one.
    const eWayBill = await eWayBillOf(db, sub.id)
    return reply.type('text/html; charset=utf-8').send(
      page(
        `Label ${row.shipment.awb}`,
        `<h1>AWB ${awbText}</h1>
<p class="note">Sandbox courier · ${escape(formatOrderNumber(order.orderNumber))} · ${shipment.weightGrams} g · ${shipment.lengthCm}×${shipment.breadthCm}×${shipment.heightCm} cm</p>
<p><strong>To</strong><br>${to.recipientName ? `${escape(to.recipientName)}<br>` : ''}${escape(addressWithLandmark(to))}<br>${escape(to.city)} ${escape(to.pincode)}<br>Phone ${escape(to.phone)}</p>
<p><strong>From</strong><br>${escape(seller?.businessName ?? '')}<br>${escape(seller?.addressLine ?? '')}<br>${escape(seller?.city ?? '')} ${escape(seller?.pincode ?? '')}</p>
${eWayBill ? `<p><strong>E-way bill No.</strong> ${escape(eWayBill)}</p>` : ''}
<div class="amount">${cod ? `COD ${escape(formatPaise(sub.subtotalPaise))}` : 'PREPAID'}</div>`,
      ),
    )
  })
}

/**
 * A reverse pickup's label: the courier collects from the shopper (the order's delivery
 * address) and brings it to the seller. Nothing is collected in cash.
 */
function returnLabel(
  awb: string,
  {
    ret,
    order,
    seller,
  }: {
    ret: typeof returns.$inferSelect
    order: typeof orders.$inferSelect
    seller: typeof vendorProfiles.$inferSelect | null
  },
): string {
  const from = order.addressInfo
  return page(
    `Return label ${awb}`,
    `<h1>AWB ${escape(awb)}</h1>
<p class="note">Sandbox courier · return pickup · ${escape(formatOrderNumber(order.orderNumber))} · ${escape(
      RETURN_STATUS_LABELS[ret.status],
    )}</p>
<p><strong>Collect from</strong><br>${from.recipientName ? `${escape(from.recipientName)}<br>` : ''}${escape(addressWithLandmark(from))}<br>${escape(from.city)} ${escape(from.pincode)}<br>Phone ${escape(from.phone)}</p>
<p><strong>Return to</strong><br>${escape(seller?.businessName ?? '')}<br>${escape(seller?.addressLine ?? '')}<br>${escape(seller?.city ?? '')} ${escape(seller?.pincode ?? '')}</p>
<div class="amount">RETURN</div>`,
  )
}
