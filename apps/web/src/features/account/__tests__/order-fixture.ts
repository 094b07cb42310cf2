import type { Order, OrderParcel, OrderReturn, Refund } from '@techbazaar/shared'
import { jsonResponse, mockFetch } from '@/test/route-helpers'

export const ORDER_ID = 'c0ffee00-0000-4000-8000-0000000000a1'
export const PART_A = 'c0ffee00-0000-4000-8000-0000000000b1'
export const PART_B = 'c0ffee00-0000-4000-8000-0000000000b2'
export const PHONE = 'c0ffee00-0000-4000-8000-0000000000c1'
export const CASE = 'c0ffee00-0000-4000-8000-0000000000c2'
/** A window that is still open whenever the tests run; "1 Dec" in India. */
export const OPEN_UNTIL = '2099-12-01T18:29:59.000Z'
/** A window that closed; "1 Dec" too. */
export const CLOSED_ON = '2025-12-01T18:29:59.000Z'

/** One seller's part; confirmed and cancellable unless the test says otherwise. */
export function createParcel(overrides: Partial<OrderParcel> = {}): OrderParcel {
  return {
    subOrderId: PART_A,
    seller: 'Store Bengaluru',
    status: 'confirmed',
    shipment: null,
    invoice: null,
    cancellable: true,
    returnableUntil: null,
    ...overrides,
  }
}

/** A delivered part of `seller` inside its return window, with its invoice. */
export function deliveredParcel(overrides: Partial<OrderParcel> = {}): OrderParcel {
  return createParcel({
    status: 'delivered',
    cancellable: false,
    returnableUntil: OPEN_UNTIL,
    invoice: { number: 'TB/2627/000042', creditNote: null },
    ...overrides,
  })
}

/** A line nothing happened to: all its units still with the order. */
export const ACTIVE = { state: 'active', cancelledQuantity: 0, returnedQuantity: 0 } as const

/**
 * The fields the API derives (`orderStanding`, issue 26.8) as an order nothing was cancelled,
 * returned or refunded of reads them.
 */
export function asPlaced(order: {
  orderStatus: Order['orderStatus']
  paymentStatus: Order['paymentStatus']
  totalAmount: number
}) {
  return {
    payableAmount: order.totalAmount,
    refundedAmount: 0,
    refundPendingAmount: 0,
    displayStatus: order.orderStatus,
    displayPaymentStatus: order.paymentStatus,
  }
}

/** A paid online order of a phone (2 units) and a case, from one seller unless told. */
export function createOrder(overrides: Partial<Order> = {}): Order {
  const order: Omit<Order, keyof ReturnType<typeof asPlaced>> = {
    _id: ORDER_ID,
    orderNumber: 'TB-10042',
    userId: '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3c',
    cartItems: [
      {
        productId: PHONE,
        shortId: 'p9phone1',
        title: 'Pixel 9',
        image: '/uploads/p.webp',
        price: 1999,
        quantity: 2,
        ...ACTIVE,
      },
      {
        productId: CASE,
        shortId: 'p9case01',
        title: 'Pixel 9 case',
        image: '/uploads/c.webp',
        price: 499,
        quantity: 1,
        ...ACTIVE,
      },
    ],
    addressInfo: {
      addressId: '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3d',
      address: '12 MG Road',
      city: 'Bengaluru',
      pincode: '560001',
      phone: '9876543210',
      notes: '',
    },
    orderStatus: 'confirmed',
    paymentMethod: 'PAYU',
    paymentStatus: 'paid',
    totalAmount: 4497,
    orderDate: '2026-11-20T10:30:00.000Z',
    orderUpdateDate: '2026-11-20T10:30:00.000Z',
    paymentId: null,
    payerId: null,
    timeline: [],
    parcels: [createParcel()],
    buyer: null,
    returns: [],
    refunds: [],
    creditNotes: [],
    ...overrides,
  }
  return { ...order, ...asPlaced(order), ...overrides }
}

export function createReturn(overrides: Partial<OrderReturn> = {}): OrderReturn {
  return {
    _id: 'c0ffee00-0000-4000-8000-0000000000d1',
    orderId: ORDER_ID,
    subOrderId: PART_A,
    seller: 'Store Bengaluru',
    status: 'requested',
    reason: 'damaged',
    note: null,
    photos: [],
    items: [{ productId: CASE, title: 'Pixel 9 case', image: '', price: 499, quantity: 1 }],
    amount: 499,
    decisionNote: null,
    pickup: null,
    requestedAt: '2026-11-22T05:00:00.000Z',
    decideBy: '2026-11-24T05:00:00.000Z',
    decidedAt: null,
    receivedAt: null,
    checkedAt: null,
    ...overrides,
  }
}

export function createRefund(overrides: Partial<Refund> = {}): Refund {
  return {
    _id: 'c0ffee00-0000-4000-8000-0000000000e1',
    amount: 1999,
    status: 'initiated',
    method: 'original',
    cause: 'return',
    reference: null,
    subOrderId: PART_A,
    returnId: null,
    payoutTo: null,
    failure: null,
    createdAt: '2026-11-24T06:00:00.000Z',
    expectedBy: '2026-12-04T06:00:00.000Z',
    completedAt: null,
    ...overrides,
  }
}

interface Posted {
  path: string
  body: unknown
}

/**
 * Serves the order's details (as `order()` says at each call, so a test can change it after a
 * post) and answers posts with `answer`; records each post's path and JSON body.
 */
export function serveOrder(
  order: () => Order,
  answer: (path: string, body: unknown) => Response = () =>
    jsonResponse({ success: true, message: 'Done.', orderStatus: 'cancelled' }),
) {
  const posts: Posted[] = []
  let detailReads = 0
  const fetchMock = mockFetch((url, init) => {
    if (url.pathname === `/api/shop/order/details/${ORDER_ID}`) {
      detailReads += 1
      return jsonResponse({ success: true, data: order() })
    }
    if (init?.method === 'POST') {
      const body: unknown = JSON.parse(String(init.body))
      posts.push({ path: url.pathname, body })
      return answer(url.pathname, body)
    }
    return undefined
  })
  return { fetchMock, posts, detailReads: () => detailReads }
}
