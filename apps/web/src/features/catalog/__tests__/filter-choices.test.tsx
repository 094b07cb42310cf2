import type { ListingFilters } from '@techbazaar/shared'
import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'
import { ActiveFilterChips } from '../components/active-filter-chips'
import { FilterPanel } from '../components/filter-panel'
import type { FiltersUpdate } from '../lib/filters'
import {
  applyFiltersToSearchParams,
  countFilters,
  filtersFromSearchParams,
  normalizeFilters,
  readStoredFilters,
} from '../lib/filters'

/*
 * Issue 32.6, decision 089: rating, discount and stock filters, and a price slider kept in step
 * with the Min and Max boxes.
 */

function serve() {
  return mockFetch((url) => {
    if (url.pathname === '/api/shop/filter/fetch') {
      return jsonResponse({ success: true, data: { category: ['electronics'], brand: ['apple'] } })
    }
    if (url.pathname === '/api/shop/products/facets') {
      return jsonResponse({
        success: true,
        data: {
          category: {},
          brand: {},
          section: {},
          options: [],
          approximate: { category: [], brand: [], section: [] },
        },
      })
    }
    return undefined
  })
}

/** Renders the panel and answers what each change would make of `filters`. */
function renderPanel(filters: ListingFilters) {
  const onChange = vi.fn<(update: FiltersUpdate) => void>()
  renderRoute(<FilterPanel filters={filters} onChange={onChange} idPrefix="t" />)
  const applied = () => onChange.mock.calls.map(([update]) => update(filters))
  return { onChange, applied }
}

afterEach(() => vi.unstubAllGlobals())

describe('rating, discount and stock filters', () => {
  it('offers each as an accessible choice and applies it', async () => {
    serve()
    const user = userEvent.setup()
    const { applied } = renderPanel({ brand: ['apple'] })
    const rating = screen.getByRole('group', { name: 'Customer rating' })
    expect(within(rating).getByRole('radio', { name: 'Any' })).toBeChecked()
    await user.click(within(rating).getByRole('radio', { name: '4 stars & above' }))
    const discount = screen.getByRole('group', { name: 'Discount' })
    await user.click(within(discount).getByRole('radio', { name: '25% or more' }))
    await user.click(screen.getByRole('checkbox', { name: 'Hide out of stock' }))
    expect(applied()).toEqual([
      { brand: ['apple'], minRating: 4 },
      { brand: ['apple'], minDiscount: 25 },
      { brand: ['apple'], inStock: true },
    ])
  })

  it('shows the chosen ones, and "Any" clears a choice', async () => {
    serve()
    const user = userEvent.setup()
    const { applied } = renderPanel({ minRating: 3, minDiscount: 50, inStock: true })
    const rating = screen.getByRole('group', { name: 'Customer rating' })
    expect(within(rating).getByRole('radio', { name: '3 stars & above' })).toBeChecked()
    expect(screen.getByRole('radio', { name: '50% or more' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Hide out of stock' })).toBeChecked()
    await user.click(within(rating).getByRole('radio', { name: 'Any' }))
    expect(applied()[0]).toMatchObject({ minRating: undefined, minDiscount: 50 })
  })

  it('round-trips through the address and stored filters, refusing choices not offered', () => {
    const filters: ListingFilters = { minRating: 4, minDiscount: 10, inStock: true }
    const params = applyFiltersToSearchParams(new URLSearchParams('sortBy=title-atoz'), filters)
    expect(params.toString()).toBe('sortBy=title-atoz&minRating=4&minDiscount=10&inStock=1')
    expect(filtersFromSearchParams(params)).toEqual(filters)
    expect(countFilters(filters)).toBe(3)
    expect(readStoredFilters(JSON.stringify(filters))).toEqual(filters)
    expect(
      filtersFromSearchParams(new URLSearchParams('minRating=5&minDiscount=20&inStock=0')),
    ).toEqual({})
  })
})

describe('active filter chips', () => {
  it('shows one removable chip per choice', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn<(update: FiltersUpdate) => void>()
    const filters: ListingFilters = { minRating: 4, minDiscount: 10, inStock: true }
    renderRoute(<ActiveFilterChips filters={filters} onChange={onChange} />)
    await user.click(screen.getByRole('button', { name: 'Remove filter 4★ & above' }))
    await user.click(screen.getByRole('button', { name: 'Remove filter 10% off or more' }))
    await user.click(screen.getByRole('button', { name: 'Remove filter In stock' }))
    expect(onChange.mock.calls.map(([update]) => normalizeFilters(update(filters)))).toEqual([
      { minDiscount: 10, inStock: true },
      { minRating: 4, inStock: true },
      { minRating: 4, minDiscount: 10 },
    ])
  })
})

describe('price slider', () => {
  it('has a thumb per bound, following the boxes', async () => {
    serve()
    const user = userEvent.setup()
    renderPanel({ minPrice: 1000 })
    const low = screen.getByRole('slider', { name: 'Minimum price' })
    const high = screen.getByRole('slider', { name: 'Maximum price' })
    expect(low).toHaveAttribute('aria-valuenow', '1000')
    expect(low).toHaveAttribute('aria-valuetext', '₹1,000')
    expect(high).toHaveAttribute('aria-valuenow', '300000')
    await user.type(screen.getByLabelText('Max price'), '20000')
    expect(high).toHaveAttribute('aria-valuenow', '20000')
  })

  it('writes the boxes as a thumb moves and applies the range once it is let go', async () => {
    serve()
    const { applied } = renderPanel({ minPrice: 1000, maxPrice: 20000 })
    const low = screen.getByRole('slider', { name: 'Minimum price' })
    fireEvent.keyDown(low, { key: 'ArrowRight' })
    expect(screen.getByLabelText('Min price')).toHaveValue(1500)
    expect(applied()).toEqual([{ minPrice: 1500, maxPrice: 20000 }])
    const high = screen.getByRole('slider', { name: 'Maximum price' })
    fireEvent.keyDown(high, { key: 'End' })
    // The top of the range is no bound: the box empties (the minimum moved above stays).
    expect(screen.getByLabelText('Max price')).toHaveValue(null)
    expect(applied()[1]).toEqual({ minPrice: 1500, maxPrice: undefined })
  })
})
