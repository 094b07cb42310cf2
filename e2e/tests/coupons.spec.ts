import type { APIRequestContext } from '@playwright/test'
import { PRIVACY_NOTICE_VERSION } from '../../packages/shared/src/privacy'
import type { ApiProduct } from './checkout-steps'
import { expect, TEST_ADDRESS, test, waitForMail } from './fixtures'

// Coupons (decision 092): a new shopper applies the seeded WELCOME10 at checkout, sees what it
// saves, places the order and finds the discount in the order's details.

/** A fresh shopper (sign-up and its mailed code) signed in on `request`; answers its id. */
async function newShopper(request: APIRequestContext): Promise<string> {
  const email = `coupon-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.test`
  const step1 = await request.post('/api/auth/register', {
    data: {
      userName: 'Ananya Das',
      email,
      password: 'Coupons-2026',
      mobile: '9876501234',
      role: 'user',
      type: 'user',
      noticeVersion: PRIVACY_NOTICE_VERSION,
      consentAccount: true,
    },
  })
  expect(step1.status()).toBe(200)
  const { registrationToken } = (await step1.json()) as { registrationToken: string }
  const mail = await waitForMail(request, email, /verification code$/)
  const step2 = await request.post('/api/auth/verifyOtp', {
    data: { registrationToken, otp: mail.subject.slice(0, 6) },
  })
  expect(step2.status()).toBe(201)
  const me = (await (await request.get('/api/auth/check-auth')).json()) as { user: { id: string } }
  return me.user.id
}

test('a first order with WELCOME10 shows what it saves and keeps the discount', async ({
  page,
}) => {
  const request = page.request
  const userId = await newShopper(request)
  const listing = (await (
    await request.get('/api/shop/products/get?sortBy=price-hightolow&limit=48')
  ).json()) as { data: ApiProduct[] }
  const limits = (await (await request.get('/api/shop/order/limits')).json()) as {
    data: { codMaxAmount: number }
  }
  // Above ₹2,000 so 10% is a visible sum, and within the cash-on-delivery ceiling.
  const product = listing.data.find((p) => {
    const price = p.salePrice || p.price
    return price >= 2000 && price <= limits.data.codMaxAmount && p.totalStock >= 2
  })
  if (!product) throw new Error('no product for the coupon')
  expect(
    (
      await request.post('/api/shop/cart/add', {
        data: { userId, productId: product._id, quantity: 1 },
      })
    ).ok(),
  ).toBe(true)
  expect(
    (await request.post('/api/shop/address/add', { data: { userId, ...TEST_ADDRESS } })).ok(),
  ).toBe(true)

  await page.goto('/shop/checkout')
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
  await page.getByLabel('Coupon code').fill('WELCOME10')
  await page.getByRole('button', { name: 'Apply coupon' }).click()
  await expect(page.getByTestId('applied-coupon')).toContainText('WELCOME10 applied')
  await expect(page.getByTestId('coupon-discount')).toBeVisible()
  await expect(page.getByTestId('you-save')).toContainText('You save ₹')

  await page.getByRole('button', { name: 'Place Your Order' }).click()
  const pay = page.getByRole('dialog', { name: 'Select Payment Method' })
  await pay.getByRole('radio', { name: /COD/ }).click()
  await pay.getByRole('button', { name: /^Pay ₹/ }).click()
  const placed = page.getByRole('dialog', { name: 'Order Placed!' })
  await expect(placed).toBeVisible()
  await placed.getByRole('button', { name: 'Close' }).first().click()

  await page.goto('/shop/account')
  await page.getByRole('button', { name: 'View Details' }).first().click()
  const details = page.getByRole('dialog', { name: 'Order details' })
  await expect(details.getByTestId('order-coupon')).toContainText('Coupon WELCOME10: you saved ₹')
  await expect(details).toContainText('Coupon −₹')
})
