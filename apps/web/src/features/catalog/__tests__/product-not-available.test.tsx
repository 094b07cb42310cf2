import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ProductDetailDialog } from '../components/product-detail-dialog'
import { jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'

afterEach(() => vi.unstubAllGlobals())

/** The API's answers for a ?product= link to nothing: 400 for an id cut short, 404 for a gone one. */
function serveMissingProducts() {
  return mockFetch((url) => {
    if (url.pathname === '/api/shop/products/get/garbage') {
      return jsonResponse({ success: false, message: 'id: Invalid UUID' }, 400)
    }
    if (url.pathname.startsWith('/api/shop/products/get/')) {
      return jsonResponse({ success: false, message: 'Product not found' }, 404)
    }
    return undefined
  })
}

const productCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([input]) => String(input).includes('/api/shop/products/get/'))

describe('ProductDetailDialog for a product link to nothing (issue 26.2)', () => {
  it.each([
    ['a malformed id (a link cut short)', 'garbage'],
    ['an id of no product (deleted)', '5b0c3f4e-9d7a-4c1e-8f2b-7a6d5e4c3b2a'],
  ])('says "This product is not available" for %s, asking once', async (_, productId) => {
    const fetchMock = serveMissingProducts()
    renderRoute(<ProductDetailDialog productId={productId} onClose={() => {}} />)
    expect(
      await screen.findByRole('heading', { name: 'This product is not available.' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /try again/i })).not.toBeInTheDocument()
    expect(productCalls(fetchMock)).toHaveLength(1)
  })
})
