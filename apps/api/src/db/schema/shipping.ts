import { COURIERS, SHIPMENT_STATUSES } from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns'
import { subOrders } from './orders'

/**
 * One seller's parcel: booked with a courier for one sub-order. The row is written as `booking`
 * before the courier is asked (a second click finds it), and gets its AWB when the courier
 * answers; a failed booking deletes it, so a sub-order is never left half-booked.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    subOrderId: uuid('sub_order_id')
      .notNull()
      .references(() => subOrders.id, { onDelete: 'cascade' }),
    courier: text('courier', { enum: COURIERS }).notNull(),
    awb: text('awb'),
    status: text('status', { enum: ['booking', ...SHIPMENT_STATUSES] }).notNull(),
    labelUrl: text('label_url'),
    /** The courier's own ids for the booking (Shiprocket: order and shipment), for label and cancel. */
    providerRef: text('provider_ref'),
    /** The delivery day the courier estimated (IST). */
    expectedBy: date('expected_by', { mode: 'string' }),
    weightGrams: integer('weight_grams').notNull(),
    lengthCm: integer('length_cm').notNull(),
    breadthCm: integer('breadth_cm').notNull(),
    heightCm: integer('height_cm').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_sub_order_key').on(t.subOrderId),
    uniqueIndex('shipments_courier_awb_key').on(t.courier, t.awb),
    check('shipments_weight_check', sql`${t.weightGrams} > 0`),
  ],
)

/** What the courier reported, once per event (its own id, or status and time when it has none). */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: id(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull(),
    location: text('location'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shipment_events_key').on(t.shipmentId, t.eventKey),
    index('shipment_events_shipment_idx').on(t.shipmentId, t.at),
  ],
)
