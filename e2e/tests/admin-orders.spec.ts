import type { Browser, Page } from '@playwright/test'
import { expect, signIn, test, TEST_ADDRESS, waitingForTheApp } from './fixtures'

/**
 * The demo shopper places a cash-on-delivery order through the API (server cart, an address,
 * then /shop/order/create), as the checkout spec already covers the screens. Answers its id.
 */
async function placeCodOrder(page: Page): Promise<string> {
  await signIn(page, 'shopper@demo.test')
  await expect(page).toHaveURL(/\/$/)
  const request = page.request
  const { user } = (await (await request.get('/api/auth/check-auth')).json()) as {
    user: { id: string }
  }
  const listing = (await (
    await request.get('/api/shop/products/get?sortBy=price-lowtohigh&limit=24')
  ).json()) as { data: { _id: string; totalStock: number }[] }
  const product = listing.data.find((p) => p.totalStock >= 5)
  if (!product) throw new Error('no product with stock')
  const added = await request.post('/api/shop/cart/add', {
    data: { userId: user.id, productId: product._id, quantity: 1 },
  })
  expect(added.ok()).toBe(true)
  const addresses = (await (await request.get(`/api/shop/address/get/${user.id}`)).json()) as {
    data: { _id: string }[]
  }
  let addressId = addresses.data[0]?._id
  if (!addressId) {
    const saved = await request.post('/api/shop/address/add', {
      data: { userId: user.id, ...TEST_ADDRESS },
    })
    expect(saved.ok()).toBe(true)
    addressId = ((await saved.json()) as { data: { _id: string } }).data._id
  }
  const created = await request.post('/api/shop/order/create', {
    data: { userId: user.id, addressInfo: { addressId }, paymentMethod: 'COD' },
  })
  expect(created.status()).toBe(201)
  return ((await created.json()) as { orderNumber: string }).orderNumber
}

/** The admin works in its own browser context, so both sessions stay signed in. */
async function adminPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  const page = waitingForTheApp(await context.newPage())
  await signIn(page, 'admin@demo.test')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  return page
}

test('admin ships an order, found by its number, and the shopper sees it', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two signed-in browsers, an order, a search and two filters: more than the default 30 s on a
  // busy machine.
  test.slow()
  const orderNumber = await placeCodOrder(page)

  const admin = await adminPage(browser, baseURL)
  await admin.goto('/admin/orders')
  await expect(admin.getByRole('heading', { name: 'All Orders' })).toBeVisible()
  // Newest first, with the customer; the search finds the shopper's orders by name or email,
  // and by the order's number.
  await expect(admin.getByText(/^1–\d+ of [\d,]+ orders$/)).toBeVisible()
  await admin.getByLabel('Search customer').fill('shopper@demo')
  await expect(admin).toHaveURL(/[?&]q=shopper%40demo/)
  const row = admin.getByRole('row', { name: new RegExp(orderNumber) })
  await expect(row.getByText('shopper@demo.test')).toBeVisible()
  await admin.getByLabel('Status').selectOption('rejected')
  await expect(row).toBeHidden()
  await admin.getByLabel('Status').selectOption('confirmed')
  await expect(row.getByText('Confirmed')).toBeVisible()
  await admin.getByLabel('Status').selectOption('')
  await admin.getByLabel('Search customer').fill(orderNumber)
  await expect(admin.getByRole('row', { name: /View Details/ })).toHaveCount(1)
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: 'View Details' }).click()

  const dialog = admin.getByRole('dialog', { name: 'Order Details' })
  await expect(dialog.getByText(orderNumber)).toBeVisible()
  await dialog.getByRole('combobox', { name: 'Order Status' }).click()
  await admin.getByRole('option', { name: 'Shipped' }).click()
  await dialog.getByRole('button', { name: 'Update Order Status' }).click()
  await expect(admin.getByText('Order status updated successfully')).toBeVisible()
  // The details reload with the new status; behind the modal dialog the table is hidden.
  await expect(dialog.locator('[data-slot="badge"]', { hasText: 'Shipped' })).toBeVisible()
  // The timeline says who shipped it; the next choices are only the lifecycle's next steps.
  await expect(dialog.getByRole('region', { name: 'Timeline' })).toContainText('Shipped')
  await dialog.getByRole('combobox', { name: 'Order Status' }).click()
  await expect(admin.getByRole('option')).toHaveText(['Delivered'])
  // One Escape closes the list, the next the dialog: the second waits for the first to land.
  await admin.keyboard.press('Escape')
  await expect(admin.getByRole('listbox')).toBeHidden()
  await admin.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(row.getByText('Shipped')).toBeVisible()
  // The lookup by number the back office's search uses.
  const found = await admin.request.get(
    `/api/admin/orders/get?orderNumber=${encodeURIComponent(orderNumber)}`,
  )
  expect(((await found.json()) as { data: { orderNumber: string }[] }).data).toEqual([
    expect.objectContaining({ orderNumber, orderStatus: 'inShipping' }),
  ])
  await admin.context().close()

  await page.goto('/shop/account?tab=orders')
  const mine = page.getByRole('row', { name: new RegExp(orderNumber) })
  await expect(mine.getByText('Shipped')).toBeVisible()
  await mine.getByRole('button', { name: 'View Details' }).click()
  const timeline = page.getByRole('dialog').getByRole('region', { name: 'Timeline' })
  await expect(timeline).toContainText('Order placed')
  await expect(timeline).toContainText('Shipped')
})
