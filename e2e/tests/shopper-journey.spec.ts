import { expect, signIn, test } from './fixtures'

// Issue 5's journey in one go, through the UI only: a guest fills a cart, signs in (the cart
// follows), saves an address, pays cash on delivery and finds the order in the account.
test('a guest shops, signs in, adds an address, pays COD and sees the order', async ({ page }) => {
  // The cheapest first: cash on delivery takes orders up to a ceiling (₹50,000 by default).
  await page.goto('/shop/listing?sortBy=price-lowtohigh')
  const card = page
    .locator('article')
    .filter({ has: page.getByRole('button', { name: 'Add to cart' }) })
    .first()
  const title = (await card.locator('h3').innerText()).trim()
  await card.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByText('Product is added to cart (guest)').first()).toBeVisible()

  await signIn(page, 'shopper@demo.test')
  await expect(page).toHaveURL(/\/$/)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('guestCart'))).toBeNull()
  await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click()
  const sheet = page.getByRole('dialog', { name: 'Your cart' })
  await expect(sheet.getByText(title, { exact: true })).toBeVisible()
  await page.keyboard.press('Escape')

  await page.goto('/shop/account')
  await page.getByRole('tab', { name: 'Address' }).click()
  const street = `${Date.now().toString().slice(-6)}, 5th Cross, Koramangala`
  const full = await page.getByText('3 of 3').isVisible()
  if (!full) {
    const fields = {
      'Recipient name': 'Kavya Rao',
      Address: street,
      City: 'Bengaluru',
      Pincode: '560034',
      Phone: '9845012345',
      Notes: 'Call on arrival',
    }
    for (const [label, value] of Object.entries(fields)) {
      await page.getByRole('textbox', { name: label, exact: true }).fill(value)
    }
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await expect(page.getByText('Address added successfully').first()).toBeVisible()
  }

  await page.goto('/shop/checkout')
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
  // A shopper with saved addresses starts with one chosen (issue 31.7).
  await expect(page.getByRole('radio', { name: /Deliver to/, checked: true })).toHaveCount(1)
  await expect(page.getByText('No address chosen yet.')).toHaveCount(0)
  const address = full
    ? page.getByRole('radio', { name: /Deliver to/ }).first()
    : page.getByRole('radio', { name: new RegExp(`Deliver to.*${street.slice(0, 6)}`) })
  await address.check()
  await expect(page.getByText(title).first()).toBeVisible()
  await page.getByRole('button', { name: 'Place Your Order' }).click()
  const methods = page.getByRole('dialog', { name: 'Select Payment Method' })
  await methods.getByRole('radio', { name: /COD/ }).click()
  await methods.getByRole('button', { name: /^Pay ₹/ }).click()

  const placed = page.getByRole('dialog', { name: 'Order Placed!' })
  await expect(placed).toBeVisible()
  const orderNumber = (await placed.innerText()).match(/TB-\d+/)?.[0]
  expect(orderNumber).toBeTruthy()
  await placed.getByRole('button', { name: 'Close' }).first().click()
  await expect(page).toHaveURL(/\/$/)

  await page.goto('/shop/account')
  await expect(page.getByText(orderNumber!).first()).toBeVisible()

  if (!full) {
    await page.getByRole('tab', { name: 'Address' }).click()
    await page.getByRole('button', { name: `Delete address ${street}` }).click()
    await expect(page.getByText('Address deleted successfully').first()).toBeVisible()
  }
})
