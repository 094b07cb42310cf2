import type { FeatureImage } from '@techbazaar/shared'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
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
  link: null,
  href: null,
  sortOrder: 1,
  startsAt: null,
  endsAt: null,
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

  it('makes each banner a link to where it points, named by its alt text (issue 31.3)', async () => {
    serve([
      banner({
        title: 'Big Tech Days — up to 40% off phones',
        link: { kind: 'search', value: 'phone' },
        href: '/shop/search?q=phone',
      }),
      banner({ title: 'Earbuds from ₹1,099', href: '/shop/listing?brand=boat' }),
      banner({ title: 'A picture only' }),
    ])
    renderRoute(<BannerCarousel />)
    const offers = await screen.findByRole('region', { name: 'Offers' })
    const link = within(offers).getByRole('link', { name: 'Big Tech Days — up to 40% off phones' })
    expect(link).toHaveAttribute('href', '/shop/search?q=phone')
    // A banner without a link is an image, not a link going nowhere.
    expect(screen.queryByRole('link', { name: 'A picture only' })).toBeNull()
  })

  it('lets the keyboard reach the banner in view, then the controls, not hidden slides', async () => {
    serve([
      banner({ title: 'Phones', href: '/shop/search?q=phone' }),
      banner({ title: 'Earbuds', href: '/shop/search?q=earbuds' }),
    ])
    renderRoute(<BannerCarousel />)
    await screen.findByRole('region', { name: 'Offers' })
    const user = userEvent.setup()
    await user.tab()
    expect(document.activeElement).toHaveAccessibleName('Phones')
    await user.tab()
    expect(document.activeElement).toHaveAccessibleName('Previous banner')
    // The second slide is out of view: its link is not in the tab order until it is shown.
    expect(document.querySelector('li[aria-label="2 of 2"]')).toHaveAttribute('inert')
    expect(document.querySelector('li[aria-label="1 of 2"]')).not.toHaveAttribute('inert')
  })
})
