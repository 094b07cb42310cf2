import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { createAdminProduct } from '@/test/admin-products'
import { AdminProductCard } from '../components/admin-product-card'

const product = createAdminProduct({
  _id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  shortId: 'rn13pr01',
  image: '/x.webp',
  title: 'Redmi Note 13 Pro',
  description: 'A phone.',
  brand: 'xiaomi',
  price: 25999,
  totalStock: 12,
  username: 'Mobile Mart',
})

describe('AdminProductCard', () => {
  it("shows whose product it is: the seller's name, or Not Available", () => {
    const { rerender } = render(
      <AdminProductCard product={product} onEdit={() => {}} onDelete={() => {}} />,
    )
    const card = screen.getByRole('article', { name: 'Redmi Note 13 Pro' })
    expect(within(card).getByText('Mobile Mart')).toBeInTheDocument()
    rerender(
      <AdminProductCard
        product={{ ...product, username: null }}
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    )
    expect(within(card).getByText('Not Available')).toBeInTheDocument()
  })

  it('marks a product whose legal declarations are missing', () => {
    const { rerender } = render(
      <AdminProductCard product={product} onEdit={() => {}} onDelete={() => {}} />,
    )
    expect(screen.queryByText('Declarations missing')).not.toBeInTheDocument()
    rerender(
      <AdminProductCard
        product={{ ...product, listed: false, declarationsComplete: false }}
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    )
    expect(screen.getByText('Declarations missing')).toBeInTheDocument()
    expect(screen.getByText('Not listed')).toBeInTheDocument()
  })

  it("says a seller's suggested home section waits; admins approve or decline it there", async () => {
    const user = userEvent.setup()
    const waiting = { ...product, section: null, suggestedSection: 'featured' as const }
    const { rerender } = render(
      <AdminProductCard product={waiting} onEdit={() => {}} onDelete={() => {}} />,
    )
    expect(screen.getByText('Suggested for Featured — waiting for an admin')).toBeInTheDocument()
    // A seller's card: no decision buttons.
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument()
    const decide = vi.fn()
    rerender(
      <AdminProductCard
        product={waiting}
        onEdit={() => {}}
        onDelete={() => {}}
        onDecideSection={decide}
      />,
    )
    await user.click(screen.getByRole('button', { name: 'Approve section for Redmi Note 13 Pro' }))
    await user.click(screen.getByRole('button', { name: 'Decline section for Redmi Note 13 Pro' }))
    expect(decide.mock.calls).toEqual([
      [waiting, true],
      [waiting, false],
    ])
    rerender(<AdminProductCard product={product} onEdit={() => {}} onDelete={() => {}} />)
    expect(screen.queryByText(/Suggested for/)).not.toBeInTheDocument()
  })
})
