import { expect, expectImagesLoaded, signIn, test, TEST_ADDRESS } from './fixtures'

const PAGES = [
  '/',
  '/shop/listing',
  '/aboutUs',
  '/contact-us',
  '/login',
  '/register/seller',
  '/privacy-policy',
]

test.describe('a 390 px phone', () => {
  for (const path of PAGES) {
    test(`${path} has no sideways scroll and no broken images`, async ({ page }) => {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow).toBeLessThanOrEqual(0)
      await expectImagesLoaded(page)
    })
  }

  test('the home page reaches the brands and every section within a few screens', async ({
    page,
  }) => {
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    const screen = page.viewportSize()?.height ?? 844
    const screensDown = (name: string) =>
      page
        .getByRole('heading', { name, level: 2 })
        .evaluate((el, h) => (el.getBoundingClientRect().top + window.scrollY) / h, screen)
    // Issue 31.9: 13 screens and 30 cards came before "Shop by Brand" when sections were grids.
    expect(await screensDown('Shop by Brand')).toBeLessThan(3.5)
    expect(await screensDown("Accessories You'll Love")).toBeLessThan(5.5)
    // A section is one row of cards that scrolls sideways, within the page's width.
    const row = page.locator('section[aria-labelledby="featured-products"] ul').first()
    expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
  })

  test('opens the menu drawer with the shop links', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Electronics' })).toBeVisible()
  })

  test("the seller's hub names its sections in words, not icons alone", async ({ page }) => {
    await signIn(page, 'seller@demo.test')
    await page.waitForURL('**/admin/products')
    const nav = page.getByRole('navigation', { name: 'Seller' })
    for (const label of ['Products', 'Orders', 'Earnings', 'Business']) {
      const link = nav.getByRole('link', { name: label })
      await expect(link).toBeVisible()
      // Screen-reader-only text is a 1 px box: a label a person can read is wider than that.
      const box = await link.getByText(label, { exact: true }).boundingBox()
      expect(box?.width ?? 0, `${label} is readable`).toBeGreaterThan(20)
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
  })

  test('the home banner is the phone artwork, large enough to read', async ({ page }) => {
    await page.goto('/')
    const banner = page.getByRole('img', { name: /Big Tech Days/ })
    await expect(banner).toBeVisible()
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete)).toBe(true)
    const src = await banner.evaluate((img: HTMLImageElement) => img.currentSrc)
    expect(src).toMatch(/banner-big-tech-days-phone(-400)?\.webp$/)
    const box = await banner.boundingBox()
    expect(box?.height ?? 0).toBeGreaterThan(300)
    // Only the phone's image was fetched, not the wide one as well.
    const wide = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .some((entry) => /banner-big-tech-days(-\d+)?\.webp$/.test(entry.name)),
    )
    expect(wide).toBe(false)

    // From 640 px the wide artwork is back.
    await page.setViewportSize({ width: 1280, height: 800 })
    await expect
      .poll(() => banner.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/banner-big-tech-days(-\d+)?\.webp$/)
  })

  test('checkout shows the summary and Place Your Order before the address form', async ({
    page,
  }) => {
    await signIn(page, 'shopper@demo.test')
    await expect(page).toHaveURL(/\/$/)
    const request = page.request
    const { user } = (await (await request.get('/api/auth/check-auth')).json()) as {
      user: { id: string }
    }
    const listing = (await (await request.get('/api/shop/products/get?limit=24')).json()) as {
      data: { _id: string; totalStock: number }[]
    }
    const product = listing.data.find((p) => p.totalStock >= 5)
    expect(product).toBeTruthy()
    await request.post('/api/shop/cart/add', {
      data: { userId: user.id, productId: product!._id, quantity: 1 },
    })
    const addresses = (await (await request.get(`/api/shop/address/get/${user.id}`)).json()) as {
      data: unknown[]
    }
    if (addresses.data.length === 0) {
      await request.post('/api/shop/address/add', { data: { userId: user.id, ...TEST_ADDRESS } })
    }

    await page.goto('/shop/checkout')
    const place = page.getByRole('button', { name: 'Place Your Order' })
    await expect(place).toBeVisible()
    const radio = page.getByRole('radio', { name: /Deliver to/ }).first()
    await expect(radio).toBeAttached()
    // The action is on the first screen, the choices below it, the form folded away.
    const placeBox = await place.boundingBox()
    expect(placeBox!.y + placeBox!.height).toBeLessThan(844)
    expect((await radio.boundingBox())!.y).toBeGreaterThan(placeBox!.y)
    await expect(page.getByRole('heading', { name: 'Add New Address' })).toHaveCount(0)
    await radio.check()
    const deliverTo = page.getByRole('region', { name: 'Deliver to' })
    await expect(deliverTo.getByRole('link', { name: /Change/ })).toBeVisible()
    await page.getByRole('button', { name: 'Add New Address' }).click()
    await expect(page.getByRole('heading', { name: 'Add New Address' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Recipient name', exact: true })).toBeFocused()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
