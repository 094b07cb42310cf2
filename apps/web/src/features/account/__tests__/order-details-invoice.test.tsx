import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'
import { OrderDetails } from '../components/order-details'

const ORDER_ID = 'c0ffee00-0000-4000-8000-000000000001'
const order = (orderStatus: string, paymentStatus: string) => ({
  _id: ORDER_ID,
  userId: '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3c',
  cartItems: [],
  addressInfo: {
    addressId: '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3d',
    address: '12 MG Road',
    city: 'Bengaluru',
    pincode: '560001',
    phone: '9876543210',
    notes: '',
  },
  orderStatus,
  paymentMethod: 'PAYU',
  paymentStatus,
  totalAmount: 1299,
  payableAmount: 1299,
  refundedAmount: 0,
  refundPendingAmount: 0,
  displayStatus: orderStatus,
  displayPaymentStatus: paymentStatus,
  orderDate: '2026-11-20T10:30:00.000Z',
  orderUpdateDate: '2026-11-20T10:30:00.000Z',
  paymentId: null,
  payerId: null,
  parcels: [
    {
      subOrderId: '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3e',
      seller: 'Store Bengaluru',
      status: orderStatus,
      shipment:
        orderStatus === 'inShipping'
          ? {
              courier: 'SANDBOX',
              awb: 'SBX1234567890',
              status: 'picked_up',
              expectedBy: '2026-11-25',
              events: [
                { at: '2026-11-21T05:00:00.000Z', status: 'picked_up', location: 'Bengaluru hub' },
              ],
            }
          : null,
      invoice: orderStatus === 'inShipping' ? { number: 'TB/2627/000042', creditNote: null } : null,
    },
  ],
  timeline: [
    {
      at: '2026-11-20T10:30:00.000Z',
      event: 'place',
      from: null,
      to: 'pending',
      actor: 'shopper',
      part: null,
      note: null,
    },
    ...(paymentStatus === 'paid'
      ? [
          {
            at: '2026-11-20T10:31:00.000Z',
            event: 'pay',
            from: 'pending',
            to: 'confirmed',
            actor: 'provider',
            part: null,
            note: null,
          },
        ]
      : []),
  ],
})

function serve(body: unknown) {
  mockFetch((url) =>
    url.pathname === `/api/shop/order/details/${ORDER_ID}`
      ? jsonResponse({ success: true, data: body })
      : undefined,
  )
}

describe('OrderDetails invoice link', () => {
  afterEach(() => vi.unstubAllGlobals())

  it("offers each dispatched parcel's invoice PDF as a download", async () => {
    serve(order('inShipping', 'paid'))
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    const link = await screen.findByRole('link', { name: 'Invoice TB/2627/000042' })
    expect(link).toHaveAttribute(
      'href',
      `/api/shop/order/${ORDER_ID}/invoice.pdf?part=0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3e`,
    )
    expect(link).toHaveAttribute('download')
    // The timeline, oldest first, in words and India's time.
    const timeline = screen.getByRole('region', { name: 'Timeline' })
    expect(timeline).toHaveTextContent(
      /Order placed.*20 Nov 2026, 4:00 pm.*Shopper.*Payment received/,
    )
  })

  it('has no invoice before the goods are dispatched (it is issued then)', async () => {
    serve(order('confirmed', 'paid'))
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    expect(await screen.findByText('Delivery Address')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /invoice/i })).not.toBeInTheDocument()
  })

  it("follows a shipped parcel: courier, AWB, expected day and scans in India's time", async () => {
    serve(order('inShipping', 'paid'))
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    const tracking = await screen.findByRole('region', { name: 'Tracking' })
    expect(tracking).toHaveTextContent('Store Bengaluru')
    expect(tracking).toHaveTextContent('Sandbox courier · AWB SBX1234567890')
    expect(tracking).toHaveTextContent('Picked up · expected by 25 Nov 2026')
    expect(tracking).toHaveTextContent('Picked up · 21 Nov 2026, 10:30 am · Bengaluru hub')
  })
})
