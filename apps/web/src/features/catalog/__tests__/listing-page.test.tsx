import type { Product } from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import ListingPage from '../pages/listing-page'
import { createProduct, jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'
import { reviewListReply } from '@/test/reviews'

const apple = createProduct({ title: 'iPhone 16', brand: 'apple', price: 79_900 })
const samsung = createProduct({ title: 'Galaxy S25', brand: 'samsung', price: 74_999 })
const boat = createProduct({
  title: 'Airdopes 141',
  brand: 'boat',
  category: 'accessories',
  price: 1_499,
})
const catalog = [apple, samsung, boat]

/** A small fake of the listing API: filters by brand/category and pages the result. */
function listingApi(products: Product[] = catalog) {
  return mockFetch((url) => {
    if (url.pathname === '/api/shop/filter/fetch') {
      return jsonResponse({
        success: true,
        data: { category: ['electronics', 'accessories'], brand: ['apple', 'samsung', 'boat'] },
      })
    }
    if (url.pathname === '/api/shop/products/get') {
      const brands = url.searchParams.get('brand')?.split(',')
      const categories = url.searchParams.get('category')?.split(',')
      const page = Number(url.searchParams.get('page'))
      const limit = Number(url.searchParams.get('limit'))
      const matching = products.filter(
        (p) =>
          (!brands || brands.includes(p.brand)) && (!categories || categories.includes(p.category)),
      )
      return jsonResponse({
        success: true,
        data: matching.slice((page - 1) * limit, page * limit),
        total: matching.length,
        page,
        limit,
        totalIsApproximate: false,
        totalPages: Math.max(1, Math.ceil(matching.length / limit)),
      })
    }
    if (url.pathname.startsWith('/api/shop/review/')) {
      return jsonResponse(reviewListReply([]))
    }
    const detail = url.pathname.match(/^\/api\/shop\/products\/get\/(.+)$/)
    if (detail) {
      const product = products.find((p) => p._id === detail[1])
      return product
        ? jsonResponse({ success: true, data: product })
        : jsonResponse({ success: false, message: 'Product not found' }, 404)
    }
    return undefined
  })
}

const productCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/shop/products/get')

describe('ListingPage', () => {
  beforeEach(() => sessionStorage.clear())
  afterEach(() => vi.unstubAllGlobals())

  it('shows the product count and every product', async () => {
    listingApi()
    renderRoute(<ListingPage />, { path: '/shop/listing' })
    expect(await screen.findByText('3 products')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'All Products' })).toBeInTheDocument()
    expect(screen.getByText('iPhone 16')).toBeInTheDocument()
    expect(screen.getByText('Airdopes 141')).toBeInTheDocument()
  })

  it('links the sort to the page that explains how products are ranked', async () => {
    listingApi()
    renderRoute(<ListingPage />, { path: '/shop/listing' })
    await screen.findByText('3 products')
    expect(screen.getByRole('link', { name: 'How products are ranked' })).toHaveAttribute(
      'href',
      '/ranking-parameters',
    )
  })

  it('mirrors a checked filter into the URL and session storage, and refetches', async () => {
    const fetchMock = listingApi()
    const user = userEvent.setup()
    const { router } = renderRoute(<ListingPage />, { path: '/shop/listing' })
    await screen.findByText('3 products')

    await user.click(await screen.findByRole('checkbox', { name: 'Apple' }))
    await user.click(screen.getByRole('checkbox', { name: 'Samsung' }))

    await waitFor(() => expect(router.state.location.search).toBe('?brand=apple%2Csamsung'))
    expect(new URLSearchParams(router.state.location.search).get('brand')).toBe('apple,samsung')
    expect(JSON.parse(sessionStorage.getItem('filters')!)).toEqual({ brand: ['apple', 'samsung'] })
    expect(await screen.findByText('2 products')).toBeInTheDocument()
    expect(productCalls(fetchMock).at(-1)?.searchParams.get('brand')).toBe('apple,samsung')
    expect(screen.getByRole('checkbox', { name: 'Apple' })).toBeChecked()
  })

  it('restores saved filters when the URL has none, without fetching the unfiltered list', async () => {
    sessionStorage.setItem('filters', JSON.stringify({ brand: ['boat'] }))
    const fetchMock = listingApi()
    const { router } = renderRoute(<ListingPage />, { path: '/shop/listing' })
    expect(await screen.findByText('1 product')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.search).toBe('?brand=boat'))
    expect(productCalls(fetchMock).every((url) => url.searchParams.get('brand') === 'boat')).toBe(
      true,
    )
  })

  it('reads the category parameter and names the page after it', async () => {
    listingApi()
    renderRoute(<ListingPage />, {
      path: '/shop/listing',
      initialEntry: '/shop/listing?category=accessories',
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Accessories' })).toBeVisible()
    expect(await screen.findByText('1 product')).toBeInTheDocument()
    const categories = screen.getByRole('group', { name: 'Category' })
    expect(within(categories).getByRole('checkbox', { name: 'Accessories' })).toBeChecked()
  })

  it('shows "No products found." with a way to clear the filters', async () => {
    listingApi([])
    const user = userEvent.setup()
    const { router } = renderRoute(<ListingPage />, {
      path: '/shop/listing',
      initialEntry: '/shop/listing?brand=apple',
    })
    expect(await screen.findByText('No products found.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(sessionStorage.getItem('filters')).toBeNull()
  })

  it('opens the product named by ?product= and drops the parameter on close', async () => {
    listingApi()
    const user = userEvent.setup()
    const { router } = renderRoute(<ListingPage />, {
      path: '/shop/listing',
      initialEntry: `/shop/listing?product=${samsung._id}`,
    })
    // The dialog (with its gallery) is a lazy chunk: on a busy machine it loads in over a second.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 })
    expect(await within(dialog).findByRole('heading', { name: 'Galaxy S25' })).toBeInTheDocument()
    expect(within(dialog).getAllByText('No Reviews').length).toBeGreaterThan(0)
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('loads the next page of 24 with "Load more"', async () => {
    const many = Array.from({ length: 30 }, (_, i) => createProduct({ title: `Phone ${i + 1}` }))
    const fetchMock = listingApi(many)
    const user = userEvent.setup()
    renderRoute(<ListingPage />, { path: '/shop/listing' })
    expect(await screen.findByText('30 products')).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(24)
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30))
    expect(productCalls(fetchMock).at(-1)?.searchParams.get('page')).toBe('2')
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('titles link to the product page; a plain click opens the dialog, and closing gives focus back', async () => {
    listingApi()
    const user = userEvent.setup()
    const { router } = renderRoute(<ListingPage />, { path: '/shop/listing' })
    const title = await screen.findByRole('link', { name: 'Galaxy S25' })
    // A real link: a new tab, a long-press menu or a share gets the product's own page.
    expect(title.getAttribute('href')).toMatch(new RegExp(`^/p/galaxy-s25-${samsung.shortId}$`))

    await user.click(title)
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByRole('heading', { name: 'Galaxy S25' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/shop/listing')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('link', { name: 'Galaxy S25' })).toHaveFocus()

    // The × gives it back too, and to the card that opened it.
    await user.click(screen.getByRole('link', { name: 'Airdopes 141' }))
    const again = await screen.findByRole('dialog')
    await within(again).findByRole('heading', { name: 'Airdopes 141' })
    await user.click(within(again).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('link', { name: 'Airdopes 141' })).toHaveFocus()

    // Ctrl-click is the browser's (a new tab): no dialog over the listing.
    await user.keyboard('{Control>}')
    await user.click(screen.getByRole('link', { name: 'iPhone 16' }))
    await user.keyboard('{/Control}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
