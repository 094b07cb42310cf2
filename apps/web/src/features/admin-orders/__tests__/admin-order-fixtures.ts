import type { AdminOrderDetails, AdminOrderRow } from '@techbazaar/shared'

/*
 * One order as the admin's table and details dialog receive it, for this feature's tests: each
 * test names only what it is about (the order number, the payment, the parcels, the timeline).
 */

export const ORDER_ID = '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d'

/** An order row: a ₹25,999 phone, confirmed, cash on delivery unless overridden. */
export const adminOrderRow = (overrides: Partial<AdminOrderRow> = {}): AdminOrderRow => ({
  _id: ORDER_ID,
  orderNumber: 'TB-10234',
  orderDate: '2026-11-20T06:30:00.000Z',
  orderStatus: 'confirmed',
  totalAmount: 25999,
  paymentMethod: 'COD',
  paymentStatus: 'pending',
  payableAmount: 25999,
  refundedAmount: 0,
  refundPendingAmount: 0,
  displayStatus: 'confirmed',
  displayPaymentStatus: 'pending',
  userName: 'Asha Rao',
  email: 'asha@example.in',
  ...overrides,
})

/** The details of `row`: its one line, a Bengaluru address, no parcels or timeline unless given. */
export const adminOrderDetails = (
  row: AdminOrderRow,
  overrides: Partial<AdminOrderDetails> = {},
): AdminOrderDetails => ({
  ...row,
  userId: '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3c',
  orderUpdateDate: row.orderDate,
  paymentId: null,
  payerId: null,
  payment: null,
  buyer: null,
  parcels: [],
  timeline: [],
  cartItems: [
    {
      productId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
      shortId: 'rn13pr01',
      title: 'Redmi Note 13 Pro',
      image: '/x.webp',
      price: 25999,
      quantity: 1,
      state: 'active',
      cancelledQuantity: 0,
      returnedQuantity: 0,
    },
  ],
  addressInfo: {
    addressId: 'a1',
    address: '12 MG Road',
    city: 'Bengaluru',
    pincode: '560001',
    phone: '9876543210',
    notes: '',
  },
  ...overrides,
})

/** One page of the admin's order list. */
export const ordersPage = (data: AdminOrderRow[]) => ({
  data,
  total: data.length,
  page: 1,
  limit: 20,
})
