import type { Page } from '@playwright/test'
import { expect, signIn, test, TEST_ADDRESS } from './fixtures'

interface ApiProduct {
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
async function shopperWithCart(
  page: Page,
  { cashOnDelivery = false } = {},
): Promise<{ userId: string; product: ApiProduct }> {
  await signIn(page, 'shopper@demo.test')
  await expect(page).toHaveURL(/\/$/)
  const request = page.request
  const { user } = (await (await request.get('/api/auth/check-auth')).json()) as {
    user: { id: string }
  }
  const cart = (await (await request.get(`/api/shop/cart/get/${user.id}?limit=50`)).json()) as {
    data: { productId: string }[]
  }
  for (const line of cart.data) {
    await request.delete(`/api/shop/cart/${user.id}/${line.productId}`)
  }
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
    data: { userId: user.id, productId: product._id, quantity: 1 },
  })
  expect(added.ok()).toBe(true)
  const addresses = (await (await request.get(`/api/shop/address/get/${user.id}`)).json()) as {
    data: unknown[]
  }
  if (addresses.data.length === 0) {
    const saved = await request.post('/api/shop/address/add', {
      data: { userId: user.id, ...TEST_ADDRESS },
    })
    expect(saved.ok()).toBe(true)
  }
  return { userId: user.id, product }
}

async function chooseAndPay(page: Page, method: 'COD' | 'CASHFREE' | 'PAYU' | 'GATEPAY') {
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

async function stockOf(page: Page, productId: string) {
  const body = (await (await page.request.get(`/api/shop/products/get/${productId}`)).json()) as {
    data: ApiProduct
  }
  return body.data.totalStock
}

test.describe('checkout', () => {
  test('a shopper pays cash on delivery and finds the order in the account', async ({ page }) => {
    const { userId } = await shopperWithCart(page, { cashOnDelivery: true })
    await chooseAndPay(page, 'COD')
    const placed = page.getByRole('dialog', { name: 'Order Placed!' })
    await expect(placed).toBeVisible()
    const orders = (await (await page.request.get(`/api/shop/order/list/${userId}`)).json()) as {
      data: { orderNumber: string; orderStatus: string; paymentMethod: string }[]
    }
    const newest = orders.data[0]!
    expect(newest).toMatchObject({ orderStatus: 'confirmed', paymentMethod: 'COD' })
    await expect(placed).toContainText(newest.orderNumber)
    await placed.getByRole('button', { name: 'Close' }).first().click()
    await expect(page).toHaveURL(/\/$/)
    await page.goto('/shop/account')
    await expect(page.getByText(newest.orderNumber).first()).toBeVisible()
    await expect(page.getByText('Confirmed').first()).toBeVisible()
  })

  test('a Cashfree sandbox payment succeeds', async ({ page }) => {
    const { product } = await shopperWithCart(page)
    await chooseAndPay(page, 'CASHFREE')
    await expect(page).toHaveURL(/\/sandbox-gateway\?payment_session_id=/)
    await expect(page.getByRole('heading', { name: 'Sandbox payment gateway' })).toBeVisible()
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page).toHaveURL(/\/shop\/payment-success\?order=TB-\d+$/)
    await expect(page.getByRole('heading', { name: 'Payment is successful!' })).toBeVisible()
    const orderNumber = new URL(page.url()).searchParams.get('order')!
    await expect(page.getByText(orderNumber)).toBeVisible()
    expect(await stockOf(page, product._id)).toBe(product.totalStock - 1)
    await page.getByRole('link', { name: 'View Orders' }).click()
    await expect(page).toHaveURL(/\/shop\/account$/)
  })

  test('a failed Cashfree sandbox payment cancels the order and returns the stock', async ({
    page,
  }) => {
    const { product } = await shopperWithCart(page)
    await chooseAndPay(page, 'CASHFREE')
    await expect(page).toHaveURL(/\/sandbox-gateway/)
    await page.getByRole('button', { name: 'Fail', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible()
    expect(await stockOf(page, product._id)).toBe(product.totalStock)
  })

  test('a PayU sandbox payment goes through the hosted form and succeeds', async ({ page }) => {
    await shopperWithCart(page)
    await chooseAndPay(page, 'PAYU')
    await expect(page.getByRole('heading', { name: 'Pay with PayU' })).toBeVisible()
    await page.getByRole('button', { name: 'Continue to PayU' }).click()
    await expect(page.getByRole('heading', { name: 'Sandbox payment gateway' })).toBeVisible()
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Payment is successful!' })).toBeVisible()
  })

  test('a GatePay sandbox payment succeeds', async ({ page }) => {
    await shopperWithCart(page)
    await chooseAndPay(page, 'GATEPAY')
    await expect(page).toHaveURL(/\/sandbox-gateway\/gatepay\?prepayId=/)
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Payment is successful!' })).toBeVisible()
  })
})
