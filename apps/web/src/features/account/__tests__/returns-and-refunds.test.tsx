import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '@/test/route-helpers'
import { OrderDetails } from '../components/order-details'
import {
  createOrder,
  createRefund,
  createReturn,
  deliveredParcel,
  ORDER_ID,
  PART_A,
  serveOrder,
} from './order-fixture'

const CREDIT_NOTE_ID = 'c0ffee00-0000-4000-8000-0000000000f1'

describe('Returns and refunds on the order details', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('says where each refund stands, in India’s dates and rupees', async () => {
    serveOrder(() =>
      createOrder({
        orderStatus: 'delivered',
        parcels: [deliveredParcel()],
        refunds: [
          createRefund(),
          createRefund({
            _id: 'c0ffee00-0000-4000-8000-0000000000e2',
            amount: 499,
            status: 'completed',
            method: 'upi',
            cause: 'cancellation',
            payoutTo: 'UPI ravi@okaxis',
            reference: 'UTR123456789',
            completedAt: '2026-11-26T06:00:00.000Z',
          }),
        ],
      }),
    )
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    const refunds = await screen.findByRole('list', { name: 'Refunds' })
    const [first, second] = within(refunds).getAllByRole('listitem')
    expect(first).toHaveTextContent('Refund of ₹1,999 initiated on 24 Nov, expected by 4 Dec')
    expect(first).toHaveTextContent('Return · to Original payment method')
    expect(second).toHaveTextContent('Refund of ₹499 completed on 26 Nov')
    expect(second).toHaveTextContent('Cancellation · to UPI ravi@okaxis · Reference UTR123456789')
  })

  it('follows each return: items, state, dates, pickup and the seller’s note', async () => {
    serveOrder(() =>
      createOrder({
        orderStatus: 'delivered',
        parcels: [deliveredParcel()],
        returns: [
          createReturn({
            status: 'received',
            decisionNote: 'Approved; keep the box.',
            decidedAt: '2026-11-23T05:00:00.000Z',
            receivedAt: '2026-11-25T05:00:00.000Z',
            pickup: { courier: 'SANDBOX', awb: 'SBXR000123', labelUrl: null },
          }),
        ],
      }),
    )
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    const returns = await screen.findByRole('list', { name: 'Returns' })
    const card = within(returns).getAllByRole('listitem')[0]!
    expect(card).toHaveTextContent('Received by the seller')
    expect(card).toHaveTextContent('Store Bengaluru · Damaged')
    expect(card).toHaveTextContent('Pixel 9 case× 1')
    expect(card).toHaveTextContent(
      'Requested22 Nov 2026Approved23 Nov 2026Received25 Nov 2026PickupSandbox courier · AWB SBXR000123',
    )
    expect(card).toHaveTextContent('Note: Approved; keep the box.')
    expect(card).not.toHaveTextContent('Checked')
  })

  it('shows no section for an order with neither', async () => {
    serveOrder(() => createOrder())
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    expect(await screen.findByText('Delivery Address')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Returns and refunds' })).not.toBeInTheDocument()
  })

  it('links each credit note beside its part’s invoice', async () => {
    serveOrder(() =>
      createOrder({
        orderStatus: 'delivered',
        parcels: [deliveredParcel()],
        creditNotes: [
          {
            _id: CREDIT_NOTE_ID,
            number: 'CN/2627/000007',
            subOrderId: PART_A,
            invoiceNumber: 'TB/2627/000042',
            issuedAt: '2026-11-26T06:00:00.000Z',
            amount: 499,
          },
        ],
      }),
    )
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    const parcel = await screen.findByRole('article', { name: 'Parcel from Store Bengaluru' })
    expect(within(parcel).getByRole('link', { name: 'Invoice TB/2627/000042' })).toBeInTheDocument()
    const note = within(parcel).getByRole('link', { name: 'Credit note CN/2627/000007' })
    expect(note).toHaveAttribute(
      'href',
      `/api/shop/order/${ORDER_ID}/credit-notes/${CREDIT_NOTE_ID}.pdf`,
    )
    expect(note).toHaveAttribute('download')
  })
})
