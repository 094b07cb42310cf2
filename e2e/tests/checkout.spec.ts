import { expect, test } from './fixtures'
import { chooseAndPay, shopperWithCart, stockOf } from './checkout-steps'

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
    await expect(page).toHaveURL(/\/shop\/payment-success\?order=TB-\d+&id=[0-9a-f-]{36}$/)
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
