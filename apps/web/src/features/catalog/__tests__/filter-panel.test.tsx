import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FilterPanel } from '../components/filter-panel'
import type { ListingFilters } from '@techbazaar/shared'
import { jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'

/** Filter options from the admin lists; counts from the facets endpoint for the chosen filters. */
function serve() {
  return mockFetch((url) => {
    if (url.pathname === '/api/shop/filter/fetch') {
      return jsonResponse({
        success: true,
        data: {
          category: ['accessories', 'electronics'],
          brand: ['apple', 'boat', 'nothing', 'samsung'],
        },
      })
    }
    if (url.pathname === '/api/shop/products/facets') {
      // Chosen: brand=samsung. Brands are counted without it, the rest with it.
      expect(url.searchParams.get('brand')).toBe('samsung')
      return jsonResponse({
        success: true,
        data: {
          category: { electronics: 3 },
          // boAt's count stopped at the cap (decision 099): "1,000 or more".
          brand: { apple: 2, boat: 1000 },
          section: { featured: 2, trending: 1 },
          options: [],
          approximate: { category: [], brand: ['boat'], section: [] },
        },
      })
    }
    return undefined
  })
}

function renderPanel(filters: ListingFilters, onChange = vi.fn()) {
  renderRoute(<FilterPanel filters={filters} onChange={onChange} idPrefix="t" />)
  return onChange
}

afterEach(() => vi.unstubAllGlobals())

describe('FilterPanel facet counts', () => {
  it("shows each option's product count and hides options without products, keeping chosen ones", async () => {
    serve()
    renderPanel({ brand: ['samsung'] })
    const brands = await screen.findByRole('group', { name: 'Brand' })
    expect(await within(brands).findByText('(2)')).toBeInTheDocument()
    expect(within(brands).getByRole('checkbox', { name: /Apple/ })).toBeInTheDocument()
    expect(within(brands).getByRole('checkbox', { name: /boAt/ })).toBeInTheDocument()
    expect(within(brands).getByText('(1,000+)')).toBeInTheDocument()
    // Nothing lists no product here: hidden. Samsung is chosen: kept, so it can be unchecked.
    expect(within(brands).queryByRole('checkbox', { name: /Nothing/ })).toBeNull()
    expect(within(brands).getByRole('checkbox', { name: /Samsung/ })).toBeChecked()

    const categories = screen.getByRole('group', { name: 'Category' })
    expect(within(categories).queryByRole('checkbox', { name: /Accessories/ })).toBeNull()
    expect(within(categories).getByRole('checkbox', { name: /Electronics/ })).toBeInTheDocument()

    const sections = screen.getByRole('group', { name: 'Section' })
    expect(
      within(sections)
        .getAllByRole('checkbox')
        .map((box) => box.id),
    ).toEqual(['t-section-featured', 't-section-trending'])
  })
})

describe('FilterPanel price range', () => {
  it('says why a negative max price is ignored and does not apply it', async () => {
    serve()
    const user = userEvent.setup()
    const onChange = renderPanel({ brand: ['samsung'] })
    const max = screen.getByLabelText('Max price')
    await user.type(max, '-500')
    await user.tab()
    expect(screen.getByText("Max price can't be negative, so it is ignored.")).toBeInTheDocument()
    expect(max).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Min price')).not.toHaveAttribute('aria-invalid')
    expect(onChange).not.toHaveBeenCalled()
  })

  it('says why a min price above the max price is not applied', async () => {
    serve()
    const user = userEvent.setup()
    const onChange = renderPanel({})
    await user.type(screen.getByLabelText('Min price'), '5000')
    await user.type(screen.getByLabelText('Max price'), '1000')
    await user.tab()
    expect(
      screen.getByText('Min price is above max price, so the price range is not applied.'),
    ).toBeInTheDocument()
    expect(onChange).toHaveBeenCalledTimes(1)
  })
})
