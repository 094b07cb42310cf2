import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import ProductPage from '../pages/product-page'
import { createProductDetail, jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'
import { reviewListReply } from '@/test/reviews'

afterEach(() => vi.unstubAllGlobals())

const product = createProductDetail({
  title: 'Samsung Galaxy S24 (8 GB/256 GB) - Onyx Black',
  price: 79_999,
  salePrice: 64_999,
  shortId: 'k7m2p9qx',
})
const canonicalPath = '/p/samsung-galaxy-s24-8-gb-256-gb-onyx-black-k7m2p9qx'
const policies = {
  returnWindowDays: 7,
  returnDecisionDays: 2,
  refundDays: 10,
  shipByWorkingDays: 2,
  codMaxAmount: 50_000,
  deliveryCharge: 0,
  paymentMethods: ['PAYU', 'GATEPAY', 'CASHFREE', 'COD'],
}

function serveProductPage(byPath: () => Response) {
  return mockFetch((url) => {
    if (url.pathname.startsWith('/api/shop/products/by-path/')) return byPath()
    if (url.pathname === '/api/shop/policies')
      return jsonResponse({ success: true, data: policies })
    if (url.pathname.startsWith('/api/shop/review/')) return jsonResponse(reviewListReply([]))
    return undefined
  })
}

const renderPage = (path: string) =>
  renderRoute(<ProductPage />, { path: '/p/:segment', initialEntry: path })

describe("a product's page (issue 29)", () => {
  it('shows the price with the MRP inclusive of all taxes, the terms, the seller and the declarations', async () => {
    serveProductPage(() => jsonResponse({ success: true, data: product, canonicalPath }))
    renderPage(canonicalPath)
    expect(await screen.findByRole('heading', { level: 1, name: product.title })).toBeVisible()
    expect(screen.getByText('(inclusive of all taxes)')).toBeVisible()
    expect(screen.getByText(/M\.R\.P\.:/)).toHaveTextContent(
      'M.R.P.: ₹79,999 (inclusive of all taxes)',
    )
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'Home/Electronics/Samsung/Samsung Galaxy S24',
    )
    // The terms come from the shop's settings.
    expect(await screen.findByText('7-day returns')).toBeVisible()
    expect(screen.getByText('Free delivery')).toBeVisible()
    // ₹64,999 is above the ₹50,000 cash-on-delivery limit.
    expect(screen.getByText('Pay online')).toBeVisible()
    expect(screen.getByText('12 months warranty by the manufacturer')).toBeVisible()
    const legal = screen.getByRole('region', { name: 'Seller and product declarations' })
    expect(legal).toHaveTextContent('Mobile Mart Retail LLP')
    expect(legal).toHaveTextContent('27AAACM1234A1Z5')
    expect(legal).toHaveTextContent('India')
    expect(screen.getByRole('table')).toHaveTextContent('Generic nameSmartphone')
  })

  it('moves an old address to the product’s own', async () => {
    serveProductPage(() => jsonResponse({ success: true, data: product, canonicalPath }))
    const { router } = renderPage('/p/samsung-galaxy-s23-k7m2p9qx')
    await waitFor(() => expect(router.state.location.pathname).toBe(canonicalPath))
  })

  it.each([
    [404, 'Product not found'],
    [410, 'This product has been removed'],
  ])(
    'says the product is not available on a %i, with a way back to the shop',
    async (status, message) => {
      serveProductPage(() => jsonResponse({ success: false, message }, status))
      renderPage('/p/gone-k7m2p9qx')
      expect(
        await screen.findByRole('heading', { name: 'This product is not available.' }),
      ).toBeVisible()
      expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute(
        'href',
        '/shop/listing',
      )
    },
  )
})
