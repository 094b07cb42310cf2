import type { Page } from '@playwright/test'
import { shopperWithCart } from './checkout-steps'
import { expect, signIn, test } from './fixtures'

// From the narrowest phone a shop supports to a wide desktop, with the tablet widths (iPad
// portrait at 768 and 820 px) where the header used to overflow.
const WIDTHS = [320, 360, 390, 768, 820, 1024, 1280, 1440, 1920]

const ROLES = [
  {
    role: 'a guest',
    email: undefined,
    pages: [
      '/',
      '/shop/listing',
      '/shop/search',
      '/aboutUs',
      '/contact-us',
      '/privacy-policy',
      '/login',
      '/register/user',
      '/register/seller',
      '/forgot-password',
      '/reset-password?token=e2e',
    ],
  },
  {
    role: 'a shopper',
    email: 'shopper@demo.test',
    // Checkout and the cart sheet with a line in them: quantity controls and price side by side
    // are what used to push a 320 px checkout sideways.
    withCart: true,
    pages: ['/', '/shop/listing', '/shop/checkout', '/shop/account', '/aboutUs'],
  },
  {
    role: 'a seller',
    email: 'seller@demo.test',
    pages: ['/admin/products', '/admin/orders', '/admin/business-address'],
  },
  {
    role: 'an admin',
    email: 'admin@demo.test',
    pages: [
      '/admin/dashboard',
      '/admin/products',
      '/admin/orders',
      '/admin/shipments',
      '/admin/features',
      '/admin/vendor-verification',
      '/admin/signup-vendor',
    ],
  },
] as const

/** Widths at which the page is wider than the window, i.e. scrolls sideways. */
async function overflowingWidths(page: Page): Promise<string[]> {
  const found: string[] = []
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    // Two frames: media queries and resize observers have run and the layout has settled.
    const overflow = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve(document.documentElement.scrollWidth - document.documentElement.clientWidth),
            ),
          ),
        ),
    )
    if (overflow > 0) found.push(`${width} px (+${overflow} px)`)
  }
  return found
}

for (const { role, email, pages, ...rest } of ROLES) {
  test(`no page scrolls sideways from 320 to 1920 px for ${role}`, async ({ page }) => {
    test.setTimeout(90_000)
    if ('withCart' in rest) {
      await shopperWithCart(page)
    } else if (email) {
      await signIn(page, email)
      await page.waitForURL((url) => url.pathname !== '/login')
    }
    const problems: string[] = []
    for (const path of pages) {
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      const widths = await overflowingWidths(page)
      if (widths.length) problems.push(`${path}: ${widths.join(', ')}`)
    }
    expect(problems, 'pages wider than the window').toEqual([])
  })
}
