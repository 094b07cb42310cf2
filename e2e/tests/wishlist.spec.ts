import type { Page } from '@playwright/test'
import { apiAs, expect, signIn, test } from './fixtures'

const SHOPPER = 'shopper@demo.test'

/** A toast by its text (the one leaving may still be in the page while the next one shows). */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first()

test.describe('wishlist', () => {
  test.beforeEach(async ({ browser, baseURL }) => {
    // The demo shopper's list starts empty, whatever ran before.
    const context = await apiAs(browser, baseURL!, SHOPPER)
    const list = (await (await context.request.get('/api/shop/wishlist')).json()) as {
      data: { items: { productId: string }[] }
    }
    for (const item of list.data.items) {
      await context.request.delete(`/api/shop/wishlist/${item.productId}`)
    }
    await context.close()
  })

  test('a guest hearts a product, signs in, finds it on /wishlist and moves it to the cart', async ({
    page,
  }) => {
    await page.goto('/shop/listing')
    const card = page
      .locator('article')
      .filter({ has: page.getByRole('button', { name: 'Add to cart' }) })
      .first()
    await expect(card).toBeVisible()
    const title = (await card.locator('h3').innerText()).trim()
    const heart = card.getByRole('button', { name: `Save to wishlist: ${title}` })
    await expect(heart).toHaveAttribute('aria-pressed', 'false')
    await heart.click()
    await expect(toast(page, 'Saved to wishlist')).toBeVisible()
    await expect(
      card.getByRole('button', { name: `Remove from wishlist: ${title}` }),
    ).toHaveAttribute('aria-pressed', 'true')

    await signIn(page, SHOPPER)
    await expect(page).toHaveURL(/\/$/)
    // The merge runs once the header sees the signed-in shopper; the guest list is then empty.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('guestWishlist'))).toBeNull()

    await page.goto('/wishlist')
    await expect(page.getByRole('heading', { name: 'My Wishlist' })).toBeVisible()
    const row = page.getByRole('listitem').filter({ hasText: title })
    await expect(row).toBeVisible()
    await row.getByRole('button', { name: 'Move to cart' }).click()
    await expect(toast(page, 'Moved to cart')).toBeVisible()
    await expect(page.getByText('Your wishlist is empty')).toBeVisible()

    await page.getByRole('button', { name: /^Cart, 1 item$/ }).click()
    const sheet = page.getByRole('dialog', { name: 'Your cart' })
    await expect(sheet.getByText(title, { exact: true })).toBeVisible()
  })
})
