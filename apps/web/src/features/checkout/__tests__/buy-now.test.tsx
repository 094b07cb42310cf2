import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buyNowPath } from '@/lib/buy-now'
import { AddressPicker, cartLine, mockCheckoutApi, openCheckout } from '@/test/checkout-harness'
import { jsonResponse } from '@/test/route-helpers'
import { CheckoutPage } from '../pages/checkout-page'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

/*
 * Buy Now (issue 32.5, decision 089): checkout opened with one product in its address buys that
 * line alone; the cart is neither shown nor sent, and the server is told which line to price.
 */

const phoneId = '00000000-0000-4000-8000-0000000000c1'
const phone = {
  _id: phoneId,
  shortId: 'abc123',
  title: 'Pixel Phone',
  image: '/uploads/pixel.webp',
  description: '',
  category: 'phones',
  section: 'featured',
  brand: 'google',
  price: 1200,
  salePrice: 999,
  totalStock: 4,
  orderLimit: 5,
  averageReview: 0,
  reviewCount: 0,
  username: 'Seller',
}
const charger = cartLine({
  productId: '00000000-0000-4000-8000-0000000000c2',
  title: 'Charger in the cart',
  image: '/uploads/charger.webp',
  price: 500,
})

function setup() {
  const created: unknown[] = []
  const { fetchMock } = mockCheckoutApi({ lines: [charger] }, (url, init) => {
    if (url.pathname === `/api/shop/products/get/${phoneId}`) {
      return jsonResponse({ success: true, data: phone })
    }
    if (url.pathname === '/api/shop/order/quote') {
      const quantity = Number(url.searchParams.get('quantity') ?? '0')
      const amount = 999 * quantity
      return jsonResponse({
        success: true,
        data: {
          itemCount: quantity,
          itemsAmount: amount,
          deliveryCharge: 0,
          codFee: 0,
          totalAmount: amount,
          gstIncluded: null,
          codDailyRefusal: null,
        },
      })
    }
    if (url.pathname === '/api/shop/order/create') {
      created.push(JSON.parse(String(init?.body)))
      return jsonResponse({ success: true, orderId: 'o1', orderNumber: 'TB-1' }, 201)
    }
    return undefined
  })
  return { fetchMock, created }
}

const renderBuyNow = (quantity = 2) =>
  openCheckout(<CheckoutPage AddressPicker={AddressPicker} />, 'Pixel Phone', {
    path: '/shop/checkout',
    initialEntry: buyNowPath(phoneId, quantity),
  })

describe('checkout opened by Buy Now', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
  })

  it('shows only that line, says the cart stays, and asks the server about that line', async () => {
    const { fetchMock } = setup()
    await renderBuyNow()
    expect(screen.queryByText('Charger in the cart')).not.toBeInTheDocument()
    expect(screen.getByTestId('buy-now-note')).toHaveTextContent('Your cart stays as it is.')
    expect(screen.getByRole('link', { name: 'Check out your cart instead' })).toHaveAttribute(
      'href',
      '/shop/checkout',
    )
    expect(screen.getByRole('list', { name: 'Item to buy now' })).toBeInTheDocument()
    await waitFor(() => {
      const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x'))
      const quote = asked.find((u) => u.pathname === '/api/shop/order/quote')
      const reach = asked.find((u) => u.pathname === '/api/shop/cart/serviceability')
      expect(quote?.searchParams.get('productId')).toBe(phoneId)
      expect(quote?.searchParams.get('quantity')).toBe('2')
      expect(reach?.searchParams.get('productId')).toBe(phoneId)
    })
  })

  it('places the order with the one line, at the quantity chosen on the page', async () => {
    const { created } = setup()
    const u = await renderBuyNow()
    await u.click(screen.getByRole('button', { name: 'Increase quantity' }))
    expect(await screen.findByLabelText('Quantity of Pixel Phone')).toHaveTextContent('3')
    await u.click(screen.getByRole('button', { name: 'Place Your Order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Select Payment Method' })
    await u.click(within(dialog).getByRole('radio', { name: /COD/ }))
    await u.click(await within(dialog).findByRole('button', { name: 'Pay ₹2,997' }))
    await waitFor(() => expect(created).toHaveLength(1))
    expect(created[0]).toMatchObject({ buyNow: { productId: phoneId, quantity: 3 } })
  })

  it('will not go above the stock left', async () => {
    setup()
    const u = await renderBuyNow(4)
    const { toast } = await import('@/lib/toast')
    await u.click(screen.getByRole('button', { name: 'Increase quantity' }))
    expect(toast.error).toHaveBeenCalledWith('Only 4 quantity can be added for this item')
    expect(screen.getByLabelText('Quantity of Pixel Phone')).toHaveTextContent('4')
  })
})
