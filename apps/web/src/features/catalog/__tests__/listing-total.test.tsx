import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import ListingPage from '../pages/listing-page'
import { formatCount, productCount } from '../lib/listing-total'
import { createProduct, jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'

/**
 * A total counted only up to the server's cap (decision 099): "10,000+ products", and "Load
 * more" offered while pages come full, since `totalPages` is then only a lower bound.
 */
const many = Array.from({ length: 30 }, (_, i) => createProduct({ title: `Phone ${i + 1}` }))

function cappedApi() {
  return mockFetch((url) => {
    if (url.pathname === '/api/shop/filter/fetch') {
      return jsonResponse({ success: true, data: { category: ['electronics'], brand: ['apple'] } })
    }
    if (url.pathname === '/api/shop/products/get') {
      const page = Number(url.searchParams.get('page'))
      const limit = Number(url.searchParams.get('limit'))
      // The server says "at least 24" on the first page: its cap, as a large catalog's would.
      return jsonResponse({
        success: true,
        data: many.slice((page - 1) * limit, page * limit),
        total: limit,
        totalIsApproximate: true,
        page,
        limit,
        totalPages: 1,
      })
    }
    return undefined
  })
}

describe('an approximate listing total', () => {
  beforeEach(() => sessionStorage.clear())
  afterEach(() => vi.unstubAllGlobals())

  it('reads "N+", grouped as in India', () => {
    expect(formatCount(10_000, true)).toBe('10,000+')
    expect(formatCount(100_000, true)).toBe('1,00,000+')
    expect(formatCount(1_000)).toBe('1000')
    expect(productCount(1)).toBe('1 product')
    expect(productCount(1, true)).toBe('1+ products')
  })

  it('shows "24+ products" and loads the next page while the pages come full', async () => {
    cappedApi()
    const user = userEvent.setup()
    renderRoute(<ListingPage />, { path: '/shop/listing' })
    expect(await screen.findByText('24+ products')).toBeInTheDocument()
    expect(screen.getByText('Showing 24 of 24+')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30))
    // The second page came short: there is no third.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })
})
