import type { Page } from '@playwright/test'
import { emptyServerCart, expect, signIn, TEST_ADDRESS } from './fixtures'

/** Checkout steps the checkout journeys share. */

export interface ApiProduct {
  _id: string
  title: string
  price: number
  salePrice: number
  totalStock: number
}

/**
 * Signs the demo shopper in and prepares, through the API, a server cart holding one product
 * and at least one saved address. Answers the product as it was before the order. With
 * `cashOnDelivery`, the product costs no more than the shop's cash-on-delivery ceiling.
 */
export async function shopperWithCart(
  page: Page,
  { cashOnDelivery = false } = {},
): Promise<{ userId: string; product: ApiProduct }> {
  await signIn(page, 'shopper@demo.test')
  await expect(page).toHaveURL(/\/$/)
  const request = page.request
  const userId = await emptyServerCart(request)
  const listing = (await (
    await request.get('/api/shop/products/get?sortBy=price-hightolow&limit=24')
  ).json()) as { data: ApiProduct[] }
  const limits = (await (await request.get('/api/shop/order/limits')).json()) as {
    data: { codMaxAmount: number }
  }
  const payable = (p: ApiProduct) =>
    !cashOnDelivery || (p.salePrice || p.price) <= limits.data.codMaxAmount
  const product = listing.data.find((p) => p.totalStock >= 5 && payable(p))
  if (!product) throw new Error('no product with stock')
  const added = await request.post('/api/shop/cart/add', {
    data: { userId, productId: product._id, quantity: 1 },
  })
  expect(added.ok()).toBe(true)
  const addresses = (await (await request.get(`/api/shop/address/get/${userId}`)).json()) as {
    data: unknown[]
  }
  if (addresses.data.length === 0) {
    const saved = await request.post('/api/shop/address/add', {
      data: { userId, ...TEST_ADDRESS },
    })
    expect(saved.ok()).toBe(true)
  }
  return { userId, product }
}

export async function chooseAndPay(page: Page, method: 'COD' | 'CASHFREE' | 'PAYU' | 'GATEPAY') {
  await page.goto('/shop/checkout')
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
  await page
    .getByRole('radio', { name: /Deliver to/ })
    .first()
    .check()
  await page.getByRole('button', { name: 'Place Your Order' }).click()
  const dialog = page.getByRole('dialog', { name: 'Select Payment Method' })
  await expect(dialog).toBeVisible()
  const pay = dialog.getByRole('button', { name: /^Pay ₹/ })
  await expect(pay).toBeDisabled()
  await dialog.getByRole('radio', { name: new RegExp(method) }).click()
  await expect(pay).toBeEnabled()
  await pay.click()
}

export async function stockOf(page: Page, productId: string) {
  const body = (await (await page.request.get(`/api/shop/products/get/${productId}`)).json()) as {
    data: ApiProduct
  }
  return body.data.totalStock
}
