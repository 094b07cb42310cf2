import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'
import DepositPage from '../pages/deposit-page'
import PaymentReturnPage from '../pages/payment-return-page'
import PaymentStatusPage from '../pages/payment-status-page'
import PaymentSuccessPage from '../pages/payment-success-page'
import { pendingOrder } from '@/lib/pending-order'

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
    expect(router.state.location.search).toBe('?order=TB-10234')
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
  it('names the order by its number', () => {
    renderRoute(<PaymentSuccessPage />, {
      path: '*',
      initialEntry: '/shop/payment-success?order=TB-10234',
    })
    expect(screen.getByText('TB-10234')).toBeInTheDocument()
    expect(screen.getByText('TB-10234').closest('p')).toHaveTextContent(
      'Your order TB-10234 is confirmed',
    )
  })

  it('ignores an address that does not carry an order number', () => {
    renderRoute(<PaymentSuccessPage />, {
      path: '*',
      initialEntry: '/shop/payment-success?order=%3Cb%3Eyou%20won%3C%2Fb%3E',
    })
    expect(screen.getByText(/Your order is confirmed/)).toBeInTheDocument()
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

  it('says the payment is successful with a way to the orders', () => {
    renderRoute(<PaymentSuccessPage />)
    expect(screen.getByRole('heading', { name: 'Payment is successful!' })).toBeInTheDocument()
    expect(screen.getByText(/Your order is confirmed/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View Orders' })).toHaveAttribute(
      'href',
      '/shop/account',
    )
  })
})
