import { expect, expectImagesLoaded, test } from './fixtures'

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
})
