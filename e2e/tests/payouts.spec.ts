import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Page } from '@playwright/test'
import type { ApiProduct } from './checkout-steps'
import {
  apiAs,
  emptyServerCart,
  expect,
  signIn,
  test,
  TEST_ADDRESS,
  waitingForTheApp,
} from './fixtures'
import { pdfText } from './return-steps'

/*
 * Sellers are paid (issue 28). The demo seller sells one unit, cash on delivery; the sandbox
 * courier delivers it and its money waits on hold; the test moves the shop's clock past the
 * return window (SHOP_CLOCK_CONTROL, so this project runs after every other); an admin runs
 * payouts and approves the preview; the sandbox rail pays it and the bank's UTR comes back; the
 * seller finds the UTR in its payouts and in the month's statement (CSV and PDF), and the
 * marketplace's tax invoice for last month's commission and fees as a PDF.
 */

const SELLER = 'seller@demo.test'
const SELLER_NAME = 'Gadget Galaxy Retail Pvt. Ltd.'

interface Earnings {
  totals: { payable: number; paid: number; onHold: number }
  parts: { subOrderId: string; status: string; net: number }[]
}

async function earningsOf(request: APIRequestContext): Promise<Earnings> {
  const res = await request.get('/api/admin/settlements/earnings')
  expect(res.ok(), await res.text()).toBe(true)
  return ((await res.json()) as { data: Earnings }).data
}

/** The IST month of an instant and the one before it, as the month picker's values. */
function monthsAt(at: Date) {
  const ist = new Date(at.getTime() + 330 * 60_000)
  const current = ist.toISOString().slice(0, 7)
  ist.setUTCDate(1)
  ist.setUTCMonth(ist.getUTCMonth() - 1)
  return { current, last: ist.toISOString().slice(0, 7) }
}

/** Clicks a download link and answers the file's bytes. */
async function download(page: Page, name: string | RegExp): Promise<Buffer> {
  const started = page.waitForEvent('download')
  await page.getByRole('link', { name }).click()
  return readFile((await (await started).path())!)
}

test('a delivered part waits out its return window, then is paid with a UTR', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  // One unit of the demo seller's, to the shopper's saved address, cash on delivery.
  const shopper = await apiAs(browser, baseURL!, 'shopper@demo.test')
  const listing = (await (
    await shopper.request.get('/api/shop/products/get?sortBy=price-lowtohigh&limit=48')
  ).json()) as { data: (ApiProduct & { username: string | null })[] }
  const product = listing.data.find(
    (p) => p.username === 'Gadget Galaxy Retail Pvt. Ltd.' && p.totalStock >= 2,
  )
  if (!product) throw new Error('no demo seller product with stock')
  const userId = await emptyServerCart(shopper.request)
  expect(
    (
      await shopper.request.post('/api/shop/cart/add', {
        data: { userId, productId: product._id, quantity: 1 },
      })
    ).ok(),
  ).toBe(true)
  let addresses = (await (await shopper.request.get(`/api/shop/address/get/${userId}`)).json()) as {
    data: { _id: string }[]
  }
  if (addresses.data.length === 0) {
    await shopper.request.post('/api/shop/address/add', { data: { userId, ...TEST_ADDRESS } })
    addresses = (await (await shopper.request.get(`/api/shop/address/get/${userId}`)).json()) as {
      data: { _id: string }[]
    }
  }
  const created = await shopper.request.post('/api/shop/order/create', {
    data: { userId, addressInfo: { addressId: addresses.data[0]!._id }, paymentMethod: 'COD' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const orderId = ((await created.json()) as { orderId: string }).orderId
  const details = (await (
    await shopper.request.get(`/api/shop/order/details/${orderId}`)
  ).json()) as {
    data: { parcels: { subOrderId: string }[] }
  }
  const subOrderId = details.data.parcels[0]!.subOrderId
  await shopper.close()

  // The seller books the courier; the sandbox courier picks it up and delivers it.
  const seller = await apiAs(browser, baseURL!, SELLER)
  const booked = await seller.request.post('/api/admin/orders/vendor-ship', {
    data: { _id: subOrderId, weightGrams: 300, lengthCm: 15, breadthCm: 8, heightCm: 4 },
  })
  expect(booked.status(), await booked.text()).toBe(200)
  const awb = ((await booked.json()) as { data: { awb: string } }).data.awb
  for (const status of ['picked_up', 'delivered']) {
    const moved = await seller.request.post(`/sandbox-courier/${awb}/events`, { data: { status } })
    expect(moved.status(), await moved.text()).toBeLessThan(400)
  }
  const delivered = await earningsOf(seller.request)
  const part = delivered.parts.find((p) => p.subOrderId === subOrderId)
  expect(part, 'the delivery wrote its ledger').toMatchObject({ status: 'onHold' })
  await seller.close()

  // The seller sees it on hold on its Earnings page.
  await signIn(page, SELLER)
  await page.waitForURL('**/admin/products')
  await page.goto('/admin/earnings')
  const balances = page.getByRole('region', { name: 'Balances' })
  for (const label of ['On hold', 'Payable', 'Paid']) {
    await expect(balances.getByText(label, { exact: true })).toBeVisible()
  }

  // Ten days on: the 7-day return window and the 2-day buffer have passed with no return.
  const admin = await apiAs(browser, baseURL!, 'admin@demo.test')
  const moved = await admin.request.post('/api/admin/test-clock', { data: { days: 10 } })
  expect(moved.status(), await moved.text()).toBe(200)
  const shopNow = new Date(((await moved.json()) as { now: string }).now)
  await admin.close()
  const sellerAgain = await apiAs(browser, baseURL!, SELLER)
  const before = await earningsOf(sellerAgain.request)
  expect(before.parts.find((p) => p.subOrderId === subOrderId)).toMatchObject({
    status: 'payable',
  })
  expect(before.totals.payable).toBeGreaterThanOrEqual(part!.net)

  // An admin runs payouts now, approves the preview and asks the bank.
  const adminContext = await browser.newContext()
  const adminPage = waitingForTheApp(await adminContext.newPage())
  await signIn(adminPage, 'admin@demo.test')
  await adminPage.waitForURL('**/admin/dashboard')
  await adminPage.goto('/admin/payouts')
  await adminPage.getByRole('button', { name: 'Run payouts now' }).click()
  await adminPage
    .getByRole('alertdialog', { name: 'Run payouts now?' })
    .getByRole('button', { name: 'Run payouts' })
    .click()
  await adminPage.waitForURL(/\/admin\/payouts\/[0-9a-f-]{36}$/)
  const row = adminPage
    .getByRole('table', { name: "The run's payouts" })
    .getByRole('row', { name: new RegExp(SELLER_NAME.replace(/\./g, '\\.')) })
  await expect(row.getByText('Awaiting approval')).toBeVisible()
  await adminPage.getByRole('button', { name: 'Approve', exact: true }).click()
  await adminPage
    .getByRole('alertdialog', { name: 'Approve this run?' })
    .getByRole('button', { name: /^Send \d+ payouts?$/ })
    .click()
  await expect(adminPage.getByText('Run approved: the payouts are on their way')).toBeVisible()
  // The outbox sends it within seconds; the admin asks the bank instead of waiting for a poll.
  const check = row.getByRole('button', { name: /^Check with the bank/ })
  await expect(async () => {
    await adminPage.reload()
    await expect(check).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
  await check.click()
  await expect(adminPage.getByText(`Payout to ${SELLER_NAME}: paid`)).toBeVisible()
  await expect(row.getByText('Paid', { exact: true })).toBeVisible()
  const utr = (await row.getByText(/^\d{12}$/).textContent())!.trim()
  await adminContext.close()

  // The seller sees the money paid with the bank's reference, the part with it.
  const after = await earningsOf(sellerAgain.request)
  expect(after.totals.paid).toBeCloseTo(before.totals.paid + before.totals.payable, 2)
  expect(after.parts.find((p) => p.subOrderId === subOrderId)).toMatchObject({ status: 'paid' })
  await sellerAgain.close()
  // The browser keeps the shop's time, so its month pickers offer the shop's months.
  await page.clock.setFixedTime(shopNow)
  await page.goto('/admin/earnings')
  const paidRow = page
    .getByRole('table', { name: 'Payouts, newest first' })
    .getByRole('row', { name: new RegExp(utr) })
  await expect(paidRow.getByText('Paid', { exact: true })).toBeVisible()

  // The month's statement, as the CSV for its accountant and printed.
  const { current, last } = monthsAt(shopNow)
  await page.goto('/admin/earnings/statements')
  const month = page.getByRole('combobox', { name: 'Month' })
  await month.selectOption(current)
  const csv = (await download(page, /^Download CSV of the statement for /)).toString('utf8')
  expect(csv).toContain(utr)
  const statement = pdfText(await download(page, /^Download PDF of the statement for /))
  expect(statement).toContain('SELLER STATEMENT')
  expect(statement).toContain(utr)

  // Last month's tax invoice from the marketplace for its commission and fees.
  await month.selectOption(last)
  const invoices = page.getByRole('region', { name: /^Tax invoices for commission and fees, / })
  const link = invoices.getByRole('link', { name: /^Download PDF of tax invoice MF\// })
  const number = (await link.getAttribute('aria-label'))!.replace(/^.* tax invoice /, '')
  const invoice = pdfText(await download(page, `Download PDF of tax invoice ${number}`))
  for (const words of ['TAX INVOICE', number, SELLER_NAME, '998599', 'Reverse charge No']) {
    expect(invoice).toContain(words)
  }
})
