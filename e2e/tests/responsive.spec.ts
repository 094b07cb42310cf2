import { expect, expectImagesLoaded, signIn, test } from './fixtures'

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

  test('opens the menu drawer with the shop links', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Electronics' })).toBeVisible()
  })

  test("the seller's hub names its sections in words, not icons alone", async ({ page }) => {
    await signIn(page, 'seller@demo.test')
    await page.waitForURL('**/admin/products')
    const nav = page.getByRole('navigation', { name: 'Seller' })
    for (const label of ['Products', 'Orders', 'Business']) {
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
})
