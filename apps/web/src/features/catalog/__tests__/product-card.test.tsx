import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ProductCard, productBadges } from '../components/product-card'
import { createProduct, renderRoute } from '@/test/route-helpers'

function renderCard(overrides: Parameters<typeof createProduct>[0]) {
  const product = createProduct(overrides)
  renderRoute(<ProductCard product={product} onOpen={() => {}} />)
  return { product, card: screen.getByRole('article') }
}

describe('productBadges', () => {
  it('shows Sale for a sale price above 0, and nothing for a plain product', () => {
    expect(productBadges({ salePrice: 999, totalStock: 50 }).map((b) => b.label)).toEqual(['Sale'])
    expect(productBadges({ salePrice: 0, totalStock: 50 })).toEqual([])
  })

  it('warns below 10 in stock and says Out Of Stock at 0', () => {
    expect(productBadges({ salePrice: 0, totalStock: 9 }).map((b) => b.label)).toEqual([
      'Only 9 items left',
    ])
    expect(productBadges({ salePrice: 0, totalStock: 10 })).toEqual([])
    expect(productBadges({ salePrice: 500, totalStock: 0 }).map((b) => b.label)).toEqual([
      'Out Of Stock',
    ])
  })
})

describe('ProductCard', () => {
  it('shows the sale price in bold and the list price struck through', () => {
    const { card } = renderCard({ price: 129_999, salePrice: 119_999, totalStock: 5 })
    expect(within(card).getByText('Sale')).toBeInTheDocument()
    expect(within(card).getByText('Only 5 items left')).toBeInTheDocument()
    expect(within(card).getByText('₹1,19,999')).toHaveClass('font-bold')
    const struck = within(card).getByText('₹1,29,999')
    expect(struck.closest('s')).not.toBeNull()
    expect(within(card).getByText('8% off')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: /add to cart/i })).toBeEnabled()
  })

  it('shows one price when not on sale, with category, brand and seller', () => {
    const { card } = renderCard({
      price: 1_499,
      salePrice: 0,
      brand: 'boat',
      category: 'accessories',
      username: 'Gadget Hub',
    })
    expect(within(card).getByText('₹1,499')).toBeInTheDocument()
    expect(card.querySelector('s')).toBeNull()
    expect(within(card).queryByText('Sale')).not.toBeInTheDocument()
    expect(within(card).getByText('Accessories')).toBeInTheDocument()
    expect(within(card).getByText('boAt')).toBeInTheDocument()
    expect(within(card).getByText('Gadget Hub')).toBeInTheDocument()
  })

  it('says "Not Available" for a missing seller and disables an out-of-stock product', () => {
    const { card } = renderCard({ username: null, totalStock: 0 })
    expect(within(card).getByText('Not Available')).toBeInTheDocument()
    expect(within(card).getAllByText('Out Of Stock')).toHaveLength(2) // badge and button
    expect(within(card).getByRole('button', { name: 'Out Of Stock' })).toBeDisabled()
    expect(within(card).queryByRole('button', { name: /add to cart/i })).not.toBeInTheDocument()
  })

  it('gives the image fixed dimensions and lazy loading so the grid does not jump', () => {
    const { card } = renderCard({})
    const image = card.querySelector('img')!
    expect(image).toHaveAttribute('width', '640')
    expect(image).toHaveAttribute('height', '640')
    expect(image).toHaveAttribute('loading', 'lazy')
  })
})
