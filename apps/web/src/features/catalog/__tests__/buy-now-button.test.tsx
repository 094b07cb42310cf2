import type { Product } from '@techbazaar/shared'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute } from '@/test/route-helpers'
import { BuyNowButton } from '../components/buy-now-button'

const product: Product = {
  _id: '00000000-0000-4000-8000-0000000000c1',
  shortId: 'abc123',
  title: 'Pixel Phone',
  image: '/uploads/pixel.webp',
  description: '',
  category: 'phones',
  section: 'featured',
  brand: 'google',
  price: 1200,
  salePrice: 999,
  totalStock: 4,
  orderLimit: 5,
  averageReview: 0,
  reviewCount: 0,
  username: 'Seller',
}

describe('BuyNowButton', () => {
  it('goes straight to checkout with one unit of the product (decision 089)', () => {
    renderRoute(<BuyNowButton product={product} />)
    expect(screen.getByRole('link', { name: 'Buy Now' })).toHaveAttribute(
      'href',
      `/shop/checkout?buy=${product._id}&qty=1`,
    )
  })

  it('is not offered when the product is out of stock', () => {
    renderRoute(<BuyNowButton product={{ ...product, totalStock: 0 }} />)
    expect(screen.queryByRole('link', { name: 'Buy Now' })).not.toBeInTheDocument()
  })
})
