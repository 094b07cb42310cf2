import { randomUUID } from 'node:crypto'
import { issueInvoice, type MarketplaceIdentity } from '../../modules/invoices'
import type { Tx } from '../client'
import { orderHistory, orderLines, orders, subOrders } from '../schema'

const DAY_MS = 24 * 60 * 60 * 1000

/** Delivery addresses for the seeded shoppers' past orders (snapshots, as orders keep them). */
const CITIES = [
  { address: '14 Lavelle Road', city: 'Bengaluru', pincode: '560001', stateCode: '29' },
  { address: '22 Linking Road, Bandra West', city: 'Mumbai', pincode: '400050', stateCode: '27' },
  { address: '9 Anna Salai', city: 'Chennai', pincode: '600002', stateCode: '33' },
  { address: '5 Sector 17', city: 'Chandigarh', pincode: '160017', stateCode: '04' },
  { address: '31 Park Street', city: 'Kolkata', pincode: '700016', stateCode: '19' },
  { address: '8 Banjara Hills Road No. 2', city: 'Hyderabad', pincode: '500034', stateCode: '36' },
  { address: '17 Hauz Khas Village', city: 'New Delhi', pincode: '110016', stateCode: '07' },
  { address: '40 FC Road', city: 'Pune', pincode: '411004', stateCode: '27' },
] as const

export interface SeedPurchase {
  userId: string
  /** Index into the delivery addresses, so one buyer always ships to one place. */
  buyerIndex: number
  productId: string
  sellerId: string
  unitPricePaise: number
  title: string
  image: string
  /** When the order was delivered; it was placed a few days before. */
  deliveredAt: Date
}

/**
 * Delivered cash-on-delivery orders, one per purchase: the seeded reviewers bought what they
 * reviewed (reviews need a delivered order, see
 * docs/decisions/036-reviews-from-shoppers-who-received.md), and the demo shopper has a past
 * order to review. Cash collected at the door, so the payment is marked paid.
 */
export async function seedPurchases(
  tx: Tx,
  purchases: readonly SeedPurchase[],
  marketplace: MarketplaceIdentity,
): Promise<void> {
  if (purchases.length === 0) return
  // Ids made here, so the three tables go in three statements rather than one per row. In
  // placing order: the identity numbers the rows in the order they are inserted (decision 42).
  const rows = purchases
    .map((p) => ({
      ...p,
      orderId: randomUUID(),
      subOrderId: randomUUID(),
      placedAt: new Date(p.deliveredAt.getTime() - 4 * DAY_MS),
      place: CITIES[p.buyerIndex % CITIES.length] ?? CITIES[0],
    }))
    .sort((a, b) => a.placedAt.getTime() - b.placedAt.getTime())
  await tx.insert(orders).values(
    rows.map((r) => ({
      id: r.orderId,
      userId: r.userId,
      addressInfo: { addressId: randomUUID(), ...r.place, phone: '9800000000', notes: '' },
      orderStatus: 'delivered' as const,
      paymentMethod: 'COD' as const,
      paymentStatus: 'paid' as const,
      totalPaise: r.unitPricePaise,
      createdAt: r.placedAt,
      updatedAt: r.deliveredAt,
    })),
  )
  await tx.insert(subOrders).values(
    rows.map((r) => ({
      id: r.subOrderId,
      orderId: r.orderId,
      sellerId: r.sellerId,
      status: 'delivered' as const,
      subtotalPaise: r.unitPricePaise,
      confirmedAt: r.placedAt,
      deliveredAt: r.deliveredAt,
      createdAt: r.placedAt,
      updatedAt: r.deliveredAt,
    })),
  )
  await tx.insert(orderLines).values(
    rows.map((r) => ({
      orderId: r.orderId,
      subOrderId: r.subOrderId,
      productId: r.productId,
      title: r.title,
      image: r.image,
      unitPricePaise: r.unitPricePaise,
      quantity: 1,
    })),
  )
  // Their timelines, as the lifecycle would have written them (placed, through to delivered):
  // the seller processes, the courier's scans ship and deliver.
  const steps = [
    ['place', 'shopper', null, 'confirmed', 0],
    ['process', 'seller', 'confirmed', 'inProcess', 1],
    ['ship', 'courier', 'inProcess', 'inShipping', 2],
    ['deliver', 'courier', 'inShipping', 'delivered', 4],
  ] as const
  await tx.insert(orderHistory).values(
    rows.flatMap((r) =>
      steps.map(([event, actor, fromStatus, toStatus, day]) => ({
        orderId: r.orderId,
        subOrderId: event === 'place' ? null : r.subOrderId,
        event,
        actor,
        actorId: actor === 'shopper' ? r.userId : actor === 'seller' ? r.sellerId : null,
        fromStatus,
        toStatus,
        createdAt:
          event === 'deliver' ? r.deliveredAt : new Date(r.placedAt.getTime() + day * DAY_MS),
      })),
    ),
  )
  // Each parcel's invoice, issued when it was handed to the courier (day 2), as dispatch does.
  for (const r of rows) {
    await issueInvoice(tx, marketplace, r.subOrderId, new Date(r.placedAt.getTime() + 2 * DAY_MS))
  }
}
