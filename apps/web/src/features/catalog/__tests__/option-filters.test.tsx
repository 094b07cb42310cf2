import type { ListingFacets } from '@techbazaar/shared'
import { QueryClientProvider } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { catalogKeys } from '@/lib/catalog/query-keys'
import ListingPage from '../pages/listing-page'
import {
  createProduct,
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  renderRoute,
} from '@/test/route-helpers'

/** The listing's variant option filters (decision 090): Colour, Storage, … from the facets. */
const blue = createProduct({ title: 'iPhone 15', brand: 'apple', optionValues: { Colour: 'Blue' } })
const black = createProduct({
  title: 'Galaxy S25',
  brand: 'samsung',
  optionValues: { Colour: 'Black' },
})
const catalog = [blue, black]

const OPTIONS: ListingFacets['options'] = [
  {
    name: 'Colour',
    values: [
      { key: 'colour:black', value: 'Black', swatch: null, count: 1 },
      { key: 'colour:blue', value: 'Blue', swatch: '#1d4ed8', count: 1 },
    ],
  },
  { name: 'Storage', values: [{ key: 'storage:256 gb', value: '256 GB', swatch: null, count: 2 }] },
]
const FACETS: ListingFacets = {
  category: { electronics: 2 },
  brand: { apple: 1, samsung: 1 },
  section: { featured: 2 },
  options: OPTIONS,
  approximate: { category: [], brand: [], section: [] },
}

/** Filter lists, the facets above, and a listing that filters by colour. */
function optionsApi() {
  return mockFetch((url) => {
    if (url.pathname === '/api/shop/filter/fetch') {
      return jsonResponse({
        success: true,
        data: { category: ['electronics'], brand: ['apple', 'samsung'] },
      })
    }
    if (url.pathname === '/api/shop/products/facets') {
      return jsonResponse({ success: true, data: FACETS })
    }
    if (url.pathname === '/api/shop/products/get') {
      const keys = url.searchParams.get('options')?.split(',')
      const matching = catalog.filter(
        (p) => !keys || keys.includes(`colour:${p.optionValues?.Colour?.toLowerCase()}`),
      )
      return jsonResponse({
        success: true,
        data: matching,
        total: matching.length,
        page: 1,
        limit: 24,
        totalIsApproximate: false,
        totalPages: 1,
      })
    }
    return undefined
  })
}

const productCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/shop/products/get')

describe('variant option filters', () => {
  beforeEach(() => sessionStorage.clear())
  afterEach(() => vi.unstubAllGlobals())

  it('filters by a colour: the address, the stored filters, the request and a chip; Clear all drops it', async () => {
    const fetchMock = optionsApi()
    const user = userEvent.setup()
    const { router } = renderRoute(<ListingPage />, { path: '/shop/listing' })
    expect(await screen.findByText('2 products')).toBeInTheDocument()

    const colours = await screen.findByRole('group', { name: 'Colour' })
    // Each value with its count, as the brand group shows them.
    expect(within(colours).getAllByText('(1)')).toHaveLength(2)
    expect(screen.getByRole('group', { name: 'Storage' })).toBeInTheDocument()
    await user.click(within(colours).getByRole('checkbox', { name: /Blue/ }))

    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('options')).toBe('colour:blue'),
    )
    expect(JSON.parse(sessionStorage.getItem('filters')!)).toEqual({ options: ['colour:blue'] })
    expect(await screen.findByText('1 product')).toBeInTheDocument()
    expect(productCalls(fetchMock).at(-1)?.searchParams.get('options')).toBe('colour:blue')
    expect(within(colours).getByRole('checkbox', { name: /Blue/ })).toBeChecked()
    const chips = screen.getByRole('list', { name: 'Active filters' })
    expect(
      within(chips).getByRole('button', { name: 'Remove filter Colour: Blue' }),
    ).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Clear all' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(sessionStorage.getItem('filters')).toBeNull()
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull()
    expect(await screen.findByText('2 products')).toBeInTheDocument()
  })

  it('reads the options from the address: checked, with a chip that removes it', async () => {
    optionsApi()
    const user = userEvent.setup()
    const { router } = renderRoute(<ListingPage />, {
      path: '/shop/listing',
      initialEntry: '/shop/listing?options=colour:blue,storage:256+gb',
    })
    expect(await screen.findByText('1 product')).toBeInTheDocument()
    const storage = await screen.findByRole('group', { name: 'Storage' })
    expect(within(storage).getByRole('checkbox', { name: /256 GB/ })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Remove filter Storage: 256 GB' }))
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('options')).toBe('colour:blue'),
    )
  })

  it('draws the same filters on the server from the address', () => {
    const queryClient = createTestQueryClient()
    const filters = { options: ['colour:blue'] }
    queryClient.setQueryData(catalogKeys.facets(filters), FACETS)
    const router = createMemoryRouter([{ path: '/shop/listing', element: <ListingPage /> }], {
      initialEntries: ['/shop/listing?options=colour:blue'],
    })
    const html = renderToString(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    )
    expect(html).toContain('Remove filter Colour: Blue')
  })
})
