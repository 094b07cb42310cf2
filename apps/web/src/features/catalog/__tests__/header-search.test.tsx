import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HeaderSearch } from '../components/header-search/header-search'
import { jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'

const SUGGESTIONS = {
  products: [
    {
      title: 'Samsung Galaxy S24 Ultra 5G',
      path: '/p/samsung-galaxy-s24-ultra-5g-abc123',
      image: '/uploads/seed/s24.webp',
    },
    {
      title: 'Samsung Galaxy S24 FE 5G',
      path: '/p/samsung-galaxy-s24-fe-5g-def456',
      image: '/u.webp',
    },
  ],
  brands: [{ value: 'samsung', path: '/b/samsung' }],
  categories: [{ label: 'Mobile phones', path: '/shop/search?q=mobile' }],
}

function renderSearch(at = '/') {
  const fetchMock = mockFetch((url) =>
    url.pathname === '/api/shop/suggestions'
      ? jsonResponse({ success: true, data: SUGGESTIONS })
      : undefined,
  )
  const view = renderRoute(<HeaderSearch />, { path: '*', initialEntry: at })
  return { ...view, fetchMock }
}

const box = () => screen.getByRole('combobox', { name: 'Search products' })

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('HeaderSearch', () => {
  it('is a combobox that suggests products, brands and kinds as the shopper types', async () => {
    const user = userEvent.setup()
    const { fetchMock } = renderSearch()
    expect(box()).toHaveAttribute('aria-expanded', 'false')
    expect(box()).toHaveAttribute('aria-autocomplete', 'list')

    await user.type(box(), 'sa')
    const listbox = await screen.findByRole('listbox', { name: 'Search suggestions' })
    await waitFor(() => expect(box()).toHaveAttribute('aria-expanded', 'true'))
    expect(box()).toHaveAttribute('aria-controls', listbox.id)
    expect(
      await within(listbox).findByRole('option', { name: 'Samsung Galaxy S24 Ultra 5G' }),
    ).toBeVisible()
    expect(within(listbox).getByRole('group', { name: 'Brands' })).toHaveTextContent('Samsung')
    expect(within(listbox).getByRole('group', { name: 'Categories' })).toHaveTextContent(
      'Mobile phones',
    )
    expect(within(listbox).getByRole('option', { name: 'Search for “sa”' })).toBeVisible()
    // The count is announced.
    expect(screen.getByRole('status')).toHaveTextContent('5 suggestions')
    // Suggestions start at 2 characters, not the results page's 4.
    expect(
      fetchMock.mock.calls.some(([input]) => String(input).includes('/api/shop/suggestions?q=sa')),
    ).toBe(true)
  })

  it('moves through the options with the arrow keys and opens the chosen one with Enter', async () => {
    const user = userEvent.setup()
    const { router } = renderSearch()
    await user.type(box(), 'sam')
    const listbox = await screen.findByRole('listbox')
    await within(listbox).findByRole('option', { name: 'Samsung Galaxy S24 Ultra 5G' })
    expect(box()).not.toHaveAttribute('aria-activedescendant')

    await user.keyboard('{ArrowDown}')
    const first = within(listbox).getByRole('option', { name: 'Samsung Galaxy S24 Ultra 5G' })
    expect(box()).toHaveAttribute('aria-activedescendant', first.id)
    expect(first).toHaveAttribute('aria-selected', 'true')
    expect(box()).toHaveFocus()

    await user.keyboard('{ArrowDown}')
    const second = within(listbox).getByRole('option', { name: 'Samsung Galaxy S24 FE 5G' })
    expect(box()).toHaveAttribute('aria-activedescendant', second.id)
    expect(first).toHaveAttribute('aria-selected', 'false')
    // Up from the first wraps to the last, "Search for".
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(box()).toHaveAttribute(
      'aria-activedescendant',
      within(listbox).getByRole('option', { name: 'Search for “sam”' }).id,
    )
    await user.keyboard('{ArrowDown}{Enter}')
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/p/samsung-galaxy-s24-ultra-5g-abc123'),
    )
    expect(box()).toHaveValue('')
  })

  it('closes with Escape, clears with a second Escape, and searches what is typed on Enter', async () => {
    const user = userEvent.setup()
    const { router } = renderSearch()
    await user.type(box(), 'mobile')
    await screen.findByRole('listbox')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(box()).toHaveAttribute('aria-expanded', 'false')
    expect(box()).toHaveValue('mobile')
    await user.keyboard('{ArrowDown}')
    expect(await screen.findByRole('listbox')).toBeVisible()
    await user.keyboard('{Escape}{Escape}')
    expect(box()).toHaveValue('')

    await user.type(box(), 'smart watch{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop/search'))
    expect(router.state.location.search).toBe('?q=smart%20watch')
  })

  it('offers recent searches on focus and forgets them on request', async () => {
    const user = userEvent.setup()
    const { router } = renderSearch('/shop/listing')
    await user.type(box(), 'earbuds{Enter}')
    await waitFor(() => expect(router.state.location.search).toBe('?q=earbuds'))
    await router.navigate('/')
    await user.click(await screen.findByRole('combobox', { name: 'Search products' }))
    const listbox = await screen.findByRole('listbox')
    expect(within(listbox).getByRole('group', { name: 'Recent searches' })).toBeVisible()
    expect(within(listbox).getByRole('option', { name: 'earbuds' })).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent('1 recent search')
    expect(JSON.parse(localStorage.getItem('techbazaar:recent-searches') ?? '[]')).toEqual([
      'earbuds',
    ])

    await user.click(screen.getByRole('button', { name: 'Clear recent searches' }))
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(localStorage.getItem('techbazaar:recent-searches')).toBeNull()
  })

  it('is absent on the results page, whose own box takes over', () => {
    renderSearch('/shop/search?q=phone')
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()
  })
})
