import type { FeatureImage } from '@techbazaar/shared'
import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BannerCarousel } from '../components/banner-carousel'
import { jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'

const PHONE = '/uploads/u/0123456789abcdef0123456789abcdef.webp'

const banner = (over: Partial<FeatureImage>): FeatureImage => ({
  _id: crypto.randomUUID(),
  image: '/uploads/seed/banner-big-tech-days.webp',
  mobileImage: null,
  title: 'Big Tech Days',
  productId: null,
  ...over,
})

beforeEach(() => {
  // The carousel and the reduced-motion hook ask the browser; jsdom has neither API.
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
      }) as unknown as MediaQueryList,
  )
  for (const name of ['ResizeObserver', 'IntersectionObserver']) {
    vi.stubGlobal(
      name,
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    )
  }
})
afterEach(() => vi.unstubAllGlobals())

function serve(banners: FeatureImage[]) {
  mockFetch((url) =>
    url.pathname === '/api/common/feature/get'
      ? jsonResponse({ success: true, data: banners })
      : undefined,
  )
}

describe('BannerCarousel', () => {
  it('lets phones choose the portrait artwork, at its own size, and others the wide one', async () => {
    serve([banner({ mobileImage: PHONE })])
    renderRoute(<BannerCarousel />)
    const img = await screen.findByRole('img', { name: 'Big Tech Days' })
    const picture = img.parentElement
    expect(picture?.tagName).toBe('PICTURE')
    const source = picture?.querySelector('source')
    expect(source).toHaveAttribute('media', '(max-width: 639px)')
    expect(source).toHaveAttribute(
      'srcset',
      `${PHONE.replace('.webp', '-400.webp')} 400w, ${PHONE} 800w`,
    )
    expect(source).toHaveAttribute('width', '800')
    expect(source).toHaveAttribute('height', '1000')
    // The <img> stays the wide banner for every other width.
    expect(img).toHaveAttribute('src', '/uploads/seed/banner-big-tech-days.webp')
  })

  it('keeps the wide image everywhere for a banner without a phone image', async () => {
    serve([banner({})])
    renderRoute(<BannerCarousel />)
    const img = await screen.findByRole('img', { name: 'Big Tech Days' })
    expect(img.closest('picture')?.querySelector('source')).toBeFalsy()
    expect(img).toHaveAttribute('src', '/uploads/seed/banner-big-tech-days.webp')
  })
})
