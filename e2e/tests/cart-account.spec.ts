import type { Locator, Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

const SHOPPER = 'shopper@demo.test'

/** A toast by its text (the one leaving may still be in the page while the next one shows). */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first()

/** The header's cart button (its name carries the item count) and the sheet it opens. */
async function openCart(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click()
  const sheet = page.getByRole('dialog', { name: 'Your cart' })
  await expect(sheet).toBeVisible()
  return sheet
}

test.describe('cart and account', () => {
  test('a guest cart follows the shopper into the server cart at sign-in', async ({ page }) => {
    await page.goto('/shop/listing')
    const cards = page.locator('article').filter({
      has: page.getByRole('button', { name: 'Add to cart' }),
    })
    await expect(cards.first()).toBeVisible()
    const titles: string[] = []
    for (const index of [0, 1]) {
      const card = cards.nth(index)
      titles.push((await card.locator('h3').innerText()).trim())
      await card.getByRole('button', { name: 'Add to cart' }).click()
      await expect(toast(page, 'Product is added to cart (guest)')).toBeVisible()
    }
    await expect(page.getByRole('button', { name: /^Cart, 2 items$/ })).toBeVisible()

    await signIn(page, SHOPPER)
    await expect(page).toHaveURL(/\/$/)
    // The merge runs once the header sees the signed-in user; the guest cart is then empty.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('guestCart'))).toBeNull()
    const sheet = await openCart(page)
    for (const title of titles) await expect(sheet.getByText(title, { exact: true })).toBeVisible()
    await expect(sheet.getByRole('link', { name: 'Checkout' })).toBeVisible()

    // The plus goes to the server; then leave the shopper's cart as it was.
    const firstLine = sheet.getByRole('listitem').filter({ hasText: titles[0]! })
    await firstLine.getByRole('button', { name: 'Increase quantity' }).click()
    await expect(toast(page, 'Cart item is updated successfully')).toBeVisible()
    await expect(firstLine.getByRole('group')).toContainText('2')
    for (const title of titles) {
      await sheet.getByRole('button', { name: `Remove ${title}` }).click()
      await expect(sheet.getByText(title, { exact: true })).toHaveCount(0)
    }
    await page.reload()
    const reloaded = await openCart(page)
    for (const title of titles)
      await expect(reloaded.getByText(title, { exact: true })).toHaveCount(0)
  })

  test('the shopper adds, edits and deletes addresses; a 4th is refused', async ({ page }) => {
    await signIn(page, SHOPPER)
    await expect(page).toHaveURL(/\/$/)
    await page.goto('/shop/account')
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible()
    await page.getByRole('tab', { name: 'Address' }).click()
    await expect(page.getByRole('heading', { name: 'Add New Address' })).toBeVisible()
    await expect(page.getByText(/^\d of 3$/)).toBeVisible()

    const stamp = Date.now().toString().slice(-6)
    const fill = async (values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values)) {
        await page.getByRole('textbox', { name: label, exact: true }).fill(value)
      }
    }
    const add = async (street: string) => {
      await fill({
        'Recipient name': 'Asha Rao',
        Address: street,
        'Landmark (optional)': 'Opposite the park',
        City: 'Bengaluru',
        Pincode: '560038',
        Phone: '9845012345',
        Notes: 'Ring the bell',
      })
      await page.getByRole('button', { name: 'Add', exact: true }).click()
    }

    const street = `${stamp}, 12th Main, Indiranagar`
    await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeDisabled()
    await add(street)
    await expect(toast(page, 'Address added successfully')).toBeVisible()
    const card = page.getByRole('listitem').filter({ hasText: street })
    await expect(card).toBeVisible()
    await expect(card).toContainText('Asha Rao')
    await expect(card).toContainText('Opposite the park')
    await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('')

    await card.getByRole('button', { name: `Edit address ${street}` }).click()
    await expect(page.getByRole('heading', { name: 'Edit Address' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Bengaluru')
    await fill({ City: 'Mysuru', Pincode: '570001' })
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    await expect(toast(page, 'Address updated successfully')).toBeVisible()
    await expect(card).toContainText('Mysuru')
    await expect(page.getByRole('heading', { name: 'Add New Address' })).toBeVisible()

    await card.getByRole('button', { name: `Delete address ${street}` }).click()
    await expect(toast(page, 'Address deleted successfully')).toBeVisible()
    await expect(card).toHaveCount(0)

    // Fill up to 3, then the 4th is refused.
    const mine: string[] = []
    const cards = page
      .locator('li')
      .filter({ has: page.getByRole('button', { name: /^Delete address/ }) })
    while ((await cards.count()) < 3) {
      const next = `${stamp}-${mine.length}, Residency Road`
      await add(next)
      await expect(page.getByRole('listitem').filter({ hasText: next })).toBeVisible()
      mine.push(next)
    }
    await expect(page.getByText('3 of 3')).toBeVisible()
    await add(`${stamp}, One Too Many Road`)
    await expect(toast(page, 'You can add max 3 addresses')).toBeVisible()
    await expect(cards).toHaveCount(3)

    for (const line of mine) {
      await page.getByRole('button', { name: `Delete address ${line}` }).click()
      await expect(page.getByRole('listitem').filter({ hasText: line })).toHaveCount(0)
    }
  })
})
