import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Locator, Page } from '@playwright/test'
import { PRIVACY_NOTICE_VERSION } from '../../packages/shared/src/privacy'
import { gstinCheckChar } from '../../packages/shared/src/validators'
import { chooseAndPay, type ApiProduct } from './checkout-steps'
import {
  DEMO_PASSWORD,
  emptyServerCart,
  expect,
  PRODUCT_DECLARATIONS,
  TEST_ADDRESS,
} from './fixtures'

/** Steps of the returns journeys (returns.spec.ts): a seller of their own, an order, its details. */

/** Where screenshots of the new screens go, when asked for (E2E_SHOTS_DIR=/tmp/shots-18). */
const SHOTS = process.env.E2E_SHOTS_DIR

/** The order details as the shopper's API answers them, as far as the journeys read them. */
export interface Details {
  _id: string
  orderNumber: string
  cartItems: { productId: string; title: string }[]
  parcels: {
    subOrderId: string
    status: string
    returnableUntil?: string | null
    invoice: { number: string } | null
    shipment: { awb: string } | null
  }[]
  returns?: { status: string; pickup: { awb: string } | null }[]
  refunds?: { amount: number; status: string; completedAt: string | null }[]
  creditNotes?: { _id: string; number: string; invoiceNumber: string; amount: number }[]
}

export async function shot(target: Page | Locator, name: string) {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await target.screenshot({ path: path.join(SHOTS, `${name}.png`) })
}

/** A session of its own for `email`, signed in through the API. */
async function apiAs(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL })
  const signedIn = await context.request.post('/api/auth/login', { data: { email, password } })
  expect(signedIn.ok(), `${email} signs in`).toBe(true)
  return context
}

/**
 * A seller of its own (Kolkata, created by the admin) with one fresh product of 5 in stock at
 * ₹999, so the journey's stock counts and returns queue hold only what this test did.
 */
export async function freshSeller(browser: Browser, baseURL: string, image: string) {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
  const email = `e2e-returns-${suffix}@example.in`
  const businessName = `Returns Desk ${suffix}`
  const digits = String(Math.floor(Math.random() * 10_000)).padStart(4, '0')
  const first14 = `19AAC${String.fromCharCode(65 + Math.floor(Math.random() * 26))}R${digits}L1Z`
  const admin = await apiAs(browser, baseURL, 'admin@demo.test', DEMO_PASSWORD)
  const created = await admin.request.post('/api/admin/vendors', {
    data: {
      userName: businessName,
      email,
      password: 'Seller123',
      mobile: '9830012345',
      gstNumber: first14 + gstinCheckChar(first14),
      businessName,
      addressLine: '12 Camac Street',
      city: 'Kolkata',
      stateCode: '19',
      pincode: '700016',
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  await admin.close()
  const seller = await apiAs(browser, baseURL, email, 'Seller123')
  // A seller an admin made never saw the sign-up notice: it agrees first, as its first page's
  // dialog asks (decision 82).
  const agreed = await seller.request.post('/api/shop/privacy/notice', {
    data: { noticeVersion: PRIVACY_NOTICE_VERSION, consentAccount: true },
  })
  expect(agreed.status(), await agreed.text()).toBe(200)
  const added = await seller.request.post('/api/admin/products/add', {
    data: {
      image,
      title: `Returnable Earbuds ${suffix}`,
      description: 'Wireless earbuds the e2e suite orders, cancels and returns.',
      category: 'accessories',
      brand: 'boat',
      section: 'featured',
      hsn: '851830',
      price: 999,
      salePrice: 0,
      totalStock: 5,
      ...PRODUCT_DECLARATIONS,
    },
  })
  expect(added.status(), await added.text()).toBe(201)
  const product = ((await added.json()) as { data: ApiProduct }).data
  return { seller, email, businessName, product }
}

/** Any product image the shop already stored (new products must point at one). */
export async function storedImage(page: Page): Promise<string> {
  const listing = (await (await page.request.get('/api/shop/products/get?limit=1')).json()) as {
    data: { image: string }[]
  }
  return listing.data[0]!.image
}

export async function detailsOf(page: Page, orderId: string): Promise<Details> {
  const response = await page.request.get(`/api/shop/order/details/${orderId}`)
  expect(response.ok(), await response.text()).toBe(true)
  return ((await response.json()) as { data: Details }).data
}

/**
 * The demo shopper (signed in) orders `quantity` of `productId` through the checkout screens,
 * cash on delivery or paid on the sandbox Cashfree page. Answers the new order.
 */
export async function placeOrder(
  page: Page,
  productId: string,
  quantity: number,
  method: 'COD' | 'CASHFREE',
) {
  const userId = await emptyServerCart(page.request)
  const added = await page.request.post('/api/shop/cart/add', {
    data: { userId, productId, quantity },
  })
  expect(added.ok(), await added.text()).toBe(true)
  const addresses = (await (await page.request.get(`/api/shop/address/get/${userId}`)).json()) as {
    data: unknown[]
  }
  if (addresses.data.length === 0) {
    await page.request.post('/api/shop/address/add', { data: { userId, ...TEST_ADDRESS } })
  }
  await chooseAndPay(page, method)
  if (method === 'COD') {
    await expect(page.getByRole('dialog', { name: 'Order Placed!' })).toBeVisible()
  } else {
    await expect(page.getByRole('heading', { name: 'Sandbox payment gateway' })).toBeVisible()
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Payment is successful!' })).toBeVisible()
  }
  const orders = (await (await page.request.get(`/api/shop/order/list/${userId}`)).json()) as {
    data: { _id: string; orderNumber: string }[]
  }
  return orders.data[0]!
}

/** Opens the order's details from the account's Orders tab, as a shopper would. */
export async function openOrder(page: Page, orderNumber: string): Promise<Locator> {
  await page.goto('/shop/account?tab=orders')
  await page
    .getByRole('row', { name: new RegExp(orderNumber) })
    .getByRole('button', { name: 'View Details' })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Order details' })
  await expect(dialog).toContainText(orderNumber)
  return dialog
}

/** Pushes the sandbox courier's tracking events for `awb`, as its desk's buttons do. */
export async function courierEvents(page: Page, awb: string, statuses: string[]) {
  for (const status of statuses) {
    const pushed = await page.request.post(`/sandbox-courier/${awb}/events`, { data: { status } })
    expect(pushed.ok(), `${awb} ${status}: ${await pushed.text()}`).toBe(true)
  }
}

/** One decision in the returns queue: the row's button, then the dialog's confirmation. */
export async function decide(page: Page, row: Locator, action: string, orderNumber: string) {
  await row.getByRole('button', { name: `${action} – return of ${orderNumber}` }).click()
  const dialog = page.getByRole('dialog', { name: `${action}: return of ${orderNumber}` })
  await dialog.getByRole('button', { name: action, exact: true }).click()
  await expect(dialog).toBeHidden()
}

/** The text of a PDF as poppler's pdftotext lays it out (a label beside its value), in single spaces. */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'credit-note-'))
  try {
    const file = path.join(dir, 'note.pdf')
    writeFileSync(file, pdf)
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      ' ',
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
