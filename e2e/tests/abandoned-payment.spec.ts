import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { chooseAndPay, shopperWithCart, stockOf } from './checkout-steps'

/** The shopper's newest order, the one just placed. */
async function newestOrder(page: Page, userId: string) {
  const list = (await (await page.request.get(`/api/shop/order/list/${userId}`)).json()) as {
    data: { _id: string; orderNumber: string; paymentStatus: string }[]
  }
  return list.data[0]!
}

async function cartOf(page: Page, userId: string) {
  const cart = (await (await page.request.get(`/api/shop/cart/get/${userId}?limit=50`)).json()) as {
    data: { productId: string; quantity: number }[]
  }
  return cart.data
}

/** Checks out with Cashfree, then leaves the gateway without paying and opens My Orders. */
async function abandonAtGateway(page: Page) {
  const { userId, product } = await shopperWithCart(page)
  await chooseAndPay(page, 'CASHFREE')
  await expect(page).toHaveURL(/\/sandbox-gateway\?payment_session_id=/)
  const order = await newestOrder(page, userId)
  expect(order.paymentStatus).toBe('pending')
  expect(await cartOf(page, userId)).toEqual([])
  await page.goto('/shop/account')
  const row = page.getByRole('row').filter({ hasText: order.orderNumber })
  await expect(row).toBeVisible()
  return { userId, product, order, row }
}

test.describe('an online payment left at the gateway', () => {
  test('Pay now in My Orders takes the shopper back to pay the same order', async ({ page }) => {
    const { product, order, row } = await abandonAtGateway(page)
    await row.getByRole('button', { name: 'Pay now' }).click()
    await expect(page).toHaveURL(/\/sandbox-gateway\?payment_session_id=/)
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Payment is successful!' })).toBeVisible()
    expect(await stockOf(page, product._id)).toBe(product.totalStock - 1)
    await page.goto('/shop/account')
    const paid = page.getByRole('row').filter({ hasText: order.orderNumber })
    await expect(paid.getByText('Confirmed')).toBeVisible()
    await expect(paid.getByRole('button', { name: 'Pay now' })).toHaveCount(0)
  })

  test('Cancel order gives the stock back at once and refills the cart', async ({ page }) => {
    const { userId, product, order, row } = await abandonAtGateway(page)
    expect(await stockOf(page, product._id)).toBe(product.totalStock - 1)
    await row.getByRole('button', { name: 'Cancel order' }).click()
    // It asks first: cancelling cannot be undone.
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this order?' })
    await confirm.getByRole('button', { name: 'Cancel order' }).click()
    await expect(
      page.getByText('Your order was cancelled. Its items are back in your cart.'),
    ).toBeVisible()
    const cancelled = page.getByRole('row').filter({ hasText: order.orderNumber })
    await expect(cancelled.getByText('Cancelled')).toBeVisible()
    expect(await stockOf(page, product._id)).toBe(product.totalStock)
    expect(await cartOf(page, userId)).toEqual([
      expect.objectContaining({ productId: product._id, quantity: 1 }),
    ])
  })
})
