import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'
import DepositPage from '../pages/deposit-page'
import PaymentReturnPage from '../pages/payment-return-page'
import PaymentStatusPage from '../pages/payment-status-page'
import PaymentSuccessPage from '../pages/payment-success-page'
import { pendingOrder } from '@/lib/pending-order'
import type { Order } from '@techbazaar/shared'

const orderId = '00000000-0000-4000-8000-0000000000dd'

afterEach(() => {
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe('payment return page', () => {
  it('captures the pending order and goes on to payment success', async () => {
    pendingOrder.set(orderId)
    const fetchMock = mockFetch((url) =>
      url.pathname === '/api/shop/order/capture'
        ? jsonResponse({
            success: true,
            orderId,
            orderNumber: 'TB-10234',
            paymentStatus: 'paid',
            message: 'Payment is successful!',
          })
        : undefined,
    )
    const { router } = renderRoute(<PaymentReturnPage />, {
      path: '*',
      initialEntry: '/shop/paypal-return?paymentId=p1&PayerID=u1',
    })
    expect(screen.getByText('Processing Payment...Please wait!')).toBeInTheDocument()
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/shop/payment-success'))
    expect(router.state.location.search).toBe(`?order=TB-10234&id=${orderId}`)
    expect(pendingOrder.get()).toBeNull()
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    const body = JSON.parse(String(init.body))
    expect(body).toEqual({ orderId, paymentId: 'p1', payerId: 'u1' })
  })

  it('shows a failed payment and an unknown request', async () => {
    mockFetch(() =>
      jsonResponse({
        success: true,
        orderId,
        paymentStatus: 'failed',
        message: 'Your order was cancelled.',
      }),
    )
    const view = renderRoute(<PaymentReturnPage />, {
      path: '*',
      initialEntry: `/x?order_id=${orderId}`,
    })
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument()
    // Issue 31.4: the lines are back in the cart (decision 39); the way on is the cart.
    expect(screen.getByText(/Your items are back in your cart/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/shop/checkout',
    )
    const opened = vi.fn()
    window.addEventListener('techbazaar:open-cart', opened)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to cart' }))
    expect(opened).toHaveBeenCalledOnce()
    window.removeEventListener('techbazaar:open-cart', opened)
    view.unmount()
    renderRoute(<PaymentReturnPage />, { path: '*', initialEntry: '/shop/paypal-return' })
    expect(screen.getByRole('heading', { name: 'Invalid payment request.' })).toBeInTheDocument()
  })
})

describe('payment return page for a cash-on-delivery order', () => {
  it('says the order is paid by cash on delivery and links to it', async () => {
    mockFetch((url) =>
      url.pathname === '/api/shop/order/capture'
        ? jsonResponse({
            success: true,
            orderId,
            orderNumber: 'TB-10234',
            paymentMethod: 'COD',
            paymentStatus: 'pending',
            message:
              'This order is paid by cash on delivery: you pay when it arrives. Nothing is paid online.',
          })
        : undefined,
    )
    renderRoute(<PaymentReturnPage />, {
      path: '*',
      initialEntry: `/shop/paypal-return?order_id=${orderId}`,
    })
    expect(
      await screen.findByRole('heading', { name: 'Cash on delivery order' }),
    ).toBeInTheDocument()
    expect(screen.getByText(/paid by cash on delivery/)).toBeInTheDocument()
    expect(screen.queryByText(/Invalid payment request/)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View this order' })).toHaveAttribute(
      'href',
      `/shop/account?order=${orderId}`,
    )
  })
})

describe('payment success page', () => {
  const shopper = {
    _id: '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3c',
    id: '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3c',
    userName: 'ravi',
    email: 'r@x.in',
    mobile: null,
    role: 'user',
    type: 'user',
    vendorStatus: null,
  }
  const line = { state: 'active', cancelledQuantity: 0, returnedQuantity: 0 } as const
  const paid: Order = {
    _id: orderId,
    orderNumber: 'TB-10234',
    userId: '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3c',
    cartItems: [
      {
        productId: `${orderId.slice(0, -2)}e1`,
        shortId: 'p9phone1',
        title: 'Pixel 9',
        image: '/uploads/p.webp',
        price: 1999,
        quantity: 2,
        ...line,
      },
      {
        productId: `${orderId.slice(0, -2)}e2`,
        shortId: 'p9case01',
        title: 'Pixel 9 case',
        image: '/uploads/c.webp',
        price: 299,
        quantity: 1,
        ...line,
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
    orderStatus: 'confirmed',
    paymentMethod: 'CASHFREE',
    paymentStatus: 'paid',
    totalAmount: 4297,
    payableAmount: 4297,
    refundedAmount: 0,
    refundPendingAmount: 0,
    displayStatus: 'confirmed',
    displayPaymentStatus: 'paid',
    orderDate: '2026-11-23T10:30:00.000Z',
    orderUpdateDate: '2026-11-23T10:30:00.000Z',
    expectedDelivery: '2026-11-27',
    paymentId: null,
    payerId: null,
    timeline: [],
    parcels: [],
  }
  const serveDetails = (order: Order) =>
    mockFetch((url) => {
      if (url.pathname === '/api/auth/check-auth')
        return jsonResponse({ success: true, user: shopper })
      if (url.pathname === `/api/shop/order/list/${shopper.id}`)
        return jsonResponse({ success: true, data: [order] })
      return url.pathname === `/api/shop/order/details/${orderId}`
        ? jsonResponse({ success: true, data: order })
        : undefined
    })

  it('names the paid order, lists its items and the day it is expected', async () => {
    serveDetails(paid)
    renderRoute(<PaymentSuccessPage />, {
      path: '*',
      initialEntry: `/shop/payment-success?order=TB-10234&id=${orderId}`,
    })
    expect(
      await screen.findByRole('heading', { name: 'Payment is successful!' }),
    ).toBeInTheDocument()
    expect(screen.getByText('TB-10234').closest('p')).toHaveTextContent(
      'Your order TB-10234 is confirmed',
    )
    const items = screen.getByRole('list', { name: 'Items in this order' })
    expect(
      within(items)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Pixel 92 × ₹1,999', 'Pixel 9 case1 × ₹299'])
    expect(screen.getByText(/Arriving by/)).toHaveTextContent(/Arriving by Fri(day)?,? 27 Nov/)
  })

  it('finds the order by its number alone (the status page’s redirect)', async () => {
    serveDetails(paid)
    renderRoute(<PaymentSuccessPage />, {
      path: '*',
      initialEntry: '/shop/payment-success?order=TB-10234',
    })
    expect(
      await screen.findByRole('heading', { name: 'Payment is successful!' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Items in this order' })).toBeInTheDocument()
  })

  it('claims no payment without an order, or for one that is not paid', async () => {
    const bare = renderRoute(<PaymentSuccessPage />, {
      path: '*',
      initialEntry: '/shop/payment-success',
    })
    expect(screen.getByRole('heading', { name: 'No payment to show' })).toBeInTheDocument()
    expect(screen.queryByText(/successful/)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View Orders' })).toHaveAttribute(
      'href',
      '/shop/account',
    )
    bare.unmount()

    serveDetails({ ...paid, paymentStatus: 'failed', orderStatus: 'cancelled' })
    renderRoute(<PaymentSuccessPage />, {
      path: '*',
      initialEntry: `/shop/payment-success?order=TB-10234&id=${orderId}`,
    })
    expect(await screen.findByRole('heading', { name: 'No payment to show' })).toBeInTheDocument()
    expect(screen.queryByText(/successful/)).not.toBeInTheDocument()
  })

  it('ignores an address that carries no order id', () => {
    renderRoute(<PaymentSuccessPage />, {
      path: '*',
      initialEntry: '/shop/payment-success?order=%3Cb%3Eyou%20won%3C%2Fb%3E&id=1',
    })
    expect(screen.getByRole('heading', { name: 'No payment to show' })).toBeInTheDocument()
    expect(screen.queryByText(/you won/)).not.toBeInTheDocument()
  })
})

describe('deposit and status pages', () => {
  it('says a link without a session is invalid', () => {
    renderRoute(<DepositPage />, { path: '*', initialEntry: '/deposit' })
    expect(
      screen.getByRole('heading', { name: 'Payment link is invalid, expired, or already used.' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
  })

  it('says the link is invalid when the shop refuses it or names an unknown mode', async () => {
    mockFetch(() => jsonResponse({ success: true, paymentMode: 'BITCOIN', data: {} }))
    renderRoute(<DepositPage />, { path: '*', initialEntry: '/deposit?payment_session_id=s1' })
    expect(
      await screen.findByRole('heading', {
        name: 'Payment link is invalid, expired, or already used.',
      }),
    ).toBeInTheDocument()
  })

  it('thanks the visitor, then moves on to the address the shop returned', async () => {
    mockFetch((url) =>
      url.pathname === '/api/payments/status'
        ? jsonResponse({
            success: true,
            result: { orderId, paymentStatus: 'paid', redirectUrl: '/shop/payment-success' },
          })
        : undefined,
    )
    const { router } = renderRoute(<PaymentStatusPage />, {
      path: '*',
      initialEntry: '/payment-status?payment_session_id=s1',
    })
    expect(await screen.findByRole('heading', { name: 'Thanks for Visiting!' })).toBeInTheDocument()
    expect(screen.getByText('You can return to our website now.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Website' })).toHaveAttribute(
      'href',
      '/shop/payment-success',
    )
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/shop/payment-success'), {
      timeout: 5000,
    })
  })

  it('says an unknown status request is invalid', async () => {
    mockFetch(() => jsonResponse({ success: false, message: 'Order not found' }, 404))
    renderRoute(<PaymentStatusPage />, {
      path: '*',
      initialEntry: '/payment-status?payment_session_id=zz',
    })
    expect(
      await screen.findByRole('heading', { name: 'Invalid payment request.' }),
    ).toBeInTheDocument()
  })
})
