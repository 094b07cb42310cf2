import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { expect, signIn, test, TEST_ADDRESS } from './fixtures'

// axe-core on every page and on the dialogs, sheets and menus people open, as guest, shopper,
// admin and seller: no serious or critical violation (WCAG 2.x A/AA and axe's best practices).

/**
 * Waits until the page has settled: its data loaded, no skeleton left, its heading shown. The
 * home page's lower sections load as they come near the screen, so the page is scrolled through.
 */
async function settled(page: Page, ready?: Locator) {
  await page.waitForLoadState('networkidle')
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    window.scrollTo(0, 0)
  })
  await page.waitForLoadState('networkidle')
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expect(ready ?? page.getByRole('heading', { level: 1 }).first()).toBeVisible()
}

/** Runs axe on what the page shows now; lists every serious or critical violation. */
async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ` +
        violation.nodes
          .slice(0, 5)
          .map((node) => `${node.target.join(' ')} [${node.failureSummary ?? ''}]`)
          .join(', '),
    )
  expect(blocking, `${what}: serious or critical axe violations`).toEqual([])
}

async function check(page: Page, path: string, ready?: (page: Page) => Locator) {
  await page.goto(path)
  await settled(page, ready?.(page))
  await expectAccessible(page, path)
}

interface ApiProduct {
  _id: string
  title: string
  totalStock: number
}

async function firstProduct(page: Page): Promise<ApiProduct> {
  const response = await page.request.get('/api/shop/products/get?sortBy=title-atoz&limit=24')
  const { data } = (await response.json()) as { data: ApiProduct[] }
  const product = data.find((p) => p.totalStock >= 2)
  if (!product) throw new Error('no product with stock')
  return product
}

const productCount = (page: Page) => page.getByText(/^\d+ products?$/)

// Each test walks through several pages, each waited for and scanned.
test.describe.configure({ timeout: 180_000 })

test.describe('accessibility: storefront as a guest', () => {
  test('home, listing, search and the product dialog', async ({ page }) => {
    await check(page, '/', (p) =>
      p.getByRole('region', { name: 'Featured Products' }).getByRole('article').first(),
    )
    await check(page, '/shop/listing', productCount)
    await check(page, '/shop/listing?category=electronics&sortBy=price-hightolow', productCount)
    await check(page, '/shop/search')

    const product = await firstProduct(page)
    await page.goto(`/shop/listing?product=${product._id}`)
    const dialog = page.getByRole('dialog')
    await settled(page, dialog.getByRole('heading', { name: product.title }))
    await expectAccessible(page, 'product dialog')
  })

  test('the cart sheet and the Sign In menu', async ({ page }) => {
    await page.goto('/shop/listing')
    await settled(page, productCount(page))
    await page
      .getByRole('button', { name: /^Add to cart/ })
      .first()
      .click()
    await page.getByRole('button', { name: 'Cart, 1 item' }).click()
    const sheet = page.getByRole('dialog', { name: 'Your cart' })
    await settled(page, sheet.getByRole('link', { name: 'Checkout' }))
    await expectAccessible(page, 'cart sheet')
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByRole('menu')).toBeVisible()
    await expectAccessible(page, 'Sign In menu')
  })

  test('sign-in, registration, static, payment and error pages', async ({ page }) => {
    for (const path of [
      '/login',
      '/register/user',
      '/register/seller',
      '/forgot-password',
      '/reset-password?token=e2e',
    ]) {
      await check(page, path)
    }
    for (const path of [
      '/aboutUs',
      '/shipping-policy',
      '/return',
      '/returnAndRefunds',
      '/privacy-policy',
      '/term-conditions',
      '/contact-us',
    ]) {
      await check(page, path)
    }
    for (const path of ['/deposit', '/payment-status', '/unauth-page', '/no-such-page']) {
      await check(page, path)
    }
  })
})

test.describe('accessibility: on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('home, the menu drawer and the filter drawer', async ({ page }) => {
    await check(page, '/', (p) =>
      p.getByRole('region', { name: 'Featured Products' }).getByRole('article').first(),
    )
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
    await expectAccessible(page, 'menu drawer')
    await page.keyboard.press('Escape')

    await check(page, '/shop/listing', productCount)
    await page.getByRole('button', { name: /^Filters/ }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectAccessible(page, 'filter drawer')
  })
})

test.describe('accessibility: signed in', () => {
  test('a shopper: checkout and the account tabs', async ({ page }) => {
    await signIn(page, 'shopper@demo.test')
    await expect(page).toHaveURL(/\/$/)
    const { user } = (await (await page.request.get('/api/auth/check-auth')).json()) as {
      user: { id: string }
    }
    const product = await firstProduct(page)
    const added = await page.request.post('/api/shop/cart/add', {
      data: { userId: user.id, productId: product._id, quantity: 1 },
    })
    expect(added.ok()).toBe(true)
    const addresses = (await (
      await page.request.get(`/api/shop/address/get/${user.id}`)
    ).json()) as { data: unknown[] }
    if (addresses.data.length === 0) {
      const saved = await page.request.post('/api/shop/address/add', {
        data: { userId: user.id, ...TEST_ADDRESS },
      })
      expect(saved.ok()).toBe(true)
    }

    await check(page, '/shop/checkout', (p) => p.getByRole('heading', { name: 'Checkout' }))
    await page
      .getByRole('radio', { name: /Deliver to/ })
      .first()
      .check()
    await page.getByRole('button', { name: 'Place Your Order' }).click()
    await expect(page.getByRole('dialog', { name: 'Select Payment Method' })).toBeVisible()
    await expectAccessible(page, 'payment method dialog')
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Account menu for' }).click()
    await expect(page.getByRole('menu')).toBeVisible()
    await expectAccessible(page, 'account menu')
    await page.keyboard.press('Escape')

    for (const tab of ['orders', 'address', 'user', 'privacy']) {
      await check(page, `/shop/account?tab=${tab}`)
    }
    // The cart as the other journeys expect to find it.
    await page.request.delete(`/api/shop/cart/${user.id}/${product._id}`)
  })

  test('an admin: every admin page and its side sheets', async ({ page }) => {
    await signIn(page, 'admin@demo.test')
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
    for (const path of [
      '/admin/dashboard',
      '/admin/products',
      '/admin/orders',
      '/admin/shipments',
      '/admin/signup-vendor',
      '/admin/features',
      '/admin/vendor-verificaton',
    ]) {
      await check(page, path)
    }

    await page.goto('/admin/products')
    await settled(page)
    await page.getByRole('button', { name: 'Add New Product' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectAccessible(page, 'add product sheet')
    await page.keyboard.press('Escape')

    await page.goto('/admin/signup-vendor')
    await settled(page)
    await page.getByRole('button', { name: 'Add New Vendor' }).click()
    await expect(page.getByRole('dialog', { name: 'Add New Vendor' })).toBeVisible()
    await expectAccessible(page, 'add vendor sheet')
  })

  test('a seller: products, orders and the business address', async ({ page }) => {
    await signIn(page, 'seller@demo.test')
    await expect(page).toHaveURL(/\/admin\/products$/)
    for (const path of ['/admin/products', '/admin/orders', '/admin/business-address']) {
      await check(page, path)
    }
  })
})
