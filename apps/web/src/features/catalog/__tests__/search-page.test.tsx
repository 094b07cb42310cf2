import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import SearchPage from '../pages/search-page'
import { createProduct, jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'

describe('SearchPage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows the length hint only while the keyword is too short to search', async () => {
    mockFetch((url) =>
      url.pathname.startsWith('/api/shop/search/')
        ? jsonResponse({ success: true, data: [createProduct({ title: 'Galaxy S24' })] })
        : undefined,
    )
    renderRoute(<SearchPage />, { path: '/shop/search', initialEntry: '/shop/search' })
    const box = screen.getByRole('searchbox', { name: 'Search products' })
    expect(screen.getByText('Type at least 4 characters.')).toBeInTheDocument()
    await userEvent.type(box, 'gal')
    expect(screen.getByText('Type at least 4 characters.')).toBeInTheDocument()
    await userEvent.type(box, 'axy')
    expect(await screen.findByText('Galaxy S24', {}, { timeout: 3000 })).toBeInTheDocument()
    expect(screen.queryByText('Type at least 4 characters.')).not.toBeInTheDocument()
    expect(box).not.toHaveAttribute('aria-describedby')
  })

  it('says how results are ordered, with a link to the ranking parameters', () => {
    mockFetch(() => undefined)
    renderRoute(<SearchPage />, { path: '/shop/search', initialEntry: '/shop/search' })
    expect(
      screen.getByText(/Results come in order of how well they match your words/),
    ).toBeVisible()
    expect(screen.getByRole('link', { name: 'How products are ranked' })).toHaveAttribute(
      'href',
      '/ranking-parameters',
    )
  })
})

describe('SearchPage on arrival', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('puts the focus in its box, after the keyword it came with', async () => {
    mockFetch(() => undefined)
    renderRoute(<SearchPage />, { path: '/shop/search', initialEntry: '/shop/search?q=galaxy' })
    const box = screen.getByRole('searchbox', { name: 'Search products' })
    expect(box).toHaveFocus()
    expect(box).toHaveValue('galaxy')
    expect((box as HTMLInputElement).selectionStart).toBe('galaxy'.length)
  })
})
