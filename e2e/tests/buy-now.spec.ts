import { expect, test } from './fixtures'
import { shopperWithCart, stockOf, type ApiProduct } from './checkout-steps'

// Buy Now (issue 32.5, decision 089): straight to checkout with one product, the cart untouched,
// through sign-in for a guest.

test('a guest buys one product now through sign-in, and the cart stays as it was', async ({
  page,
}) => {
  const { userId, product: inCart } = await shopperWithCart(page, { cashOnDelivery: true })
  const listing = (await (
    await page.request.get('/api/shop/products/get?sortBy=price-lowtohigh&limit=24')
  ).json()) as { data: ApiProduct[] }
  const product = listing.data.find((p) => p._id !== inCart._id && p.totalStock >= 2)
  if (!product) throw new Error('no second product with stock')
  await page.context().clearCookies()

  // As a guest, from the product dialog.
  await page.goto(`/shop/listing?product=${product._id}`)
  const dialog = page.getByRole('dialog', { name: product.title })
  await dialog.getByRole('link', { name: 'Buy Now' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('Email').fill('shopper@demo.test')
  await page.getByLabel('Password').fill('Demo@1234')
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()

  // Back at checkout with that product alone.
  await expect(page).toHaveURL(new RegExp(`/shop/checkout\\?buy=${product._id}&qty=1$`))
  await expect(page.getByText('Your cart stays as it is.')).toBeVisible()
  const line = page.getByRole('list', { name: 'Item to buy now' })
  await expect(line).toContainText(product.title)
  await expect(line).not.toContainText(inCart.title)
  await page
    .getByRole('radio', { name: /Deliver to/ })
    .first()
    .check()
  await page.getByRole('button', { name: 'Place Your Order' }).click()
  const pay = page.getByRole('dialog', { name: 'Select Payment Method' })
  await pay.getByRole('radio', { name: /COD/ }).click()
  await pay.getByRole('button', { name: /^Pay ₹/ }).click()
  await expect(page.getByRole('dialog', { name: 'Order Placed!' })).toBeVisible()

  expect(await stockOf(page, product._id)).toBe(product.totalStock - 1)
  expect(await stockOf(page, inCart._id)).toBe(inCart.totalStock)
  const cart = (await (await page.request.get(`/api/shop/cart/get/${userId}`)).json()) as {
    data: { productId: string; quantity: number }[]
  }
  expect(cart.data.map((l) => [l.productId, l.quantity])).toEqual([[inCart._id, 1]])
})
