import type { APIRequestContext, Browser } from '@playwright/test'
import { gstinCheckChar } from '../../packages/shared/src/validators'
import { chooseAndPay, stockOf, type ApiProduct } from './checkout-steps'
import {
  apiAs,
  emptyServerCart,
  expect,
  PRODUCT_DECLARATIONS,
  signIn,
  test,
  TEST_ADDRESS,
  waitingForTheApp,
} from './fixtures'

/** A West Bengal GSTIN no other run used (the suite may run twice on one shop). */
function freshGstin(): string {
  const digits = String(Date.now() % 10_000).padStart(4, '0')
  const letter = String.fromCharCode(65 + Math.floor(Math.random() * 26))
  const first14 = `19AAB${letter}K${digits}L1Z`
  return first14 + gstinCheckChar(first14)
}

interface Parcel {
  subOrderId: string
  seller: string
  status: string
  shipment: { awb: string; status: string; events: { status: string }[] } | null
}

/** A second approved seller, picking up in Kolkata, with one product of 5 in stock. */
async function kolkataSeller(browser: Browser, baseURL: string, image: string) {
  const suffix = Date.now().toString(36)
  const email = `e2e-kolkata-${suffix}@example.in`
  const admin = await apiAs(browser, baseURL, 'admin@demo.test')
  const created = await admin.request.post('/api/admin/vendors', {
    data: {
      userName: `Kolkata Gadgets ${suffix}`,
      email,
      password: 'Seller123',
      mobile: '9830012345',
      gstNumber: freshGstin(),
      businessName: `Kolkata Gadgets ${suffix}`,
      addressLine: '31 Park Street',
      city: 'Kolkata',
      stateCode: '19',
      pincode: '700016',
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  await admin.close()
  const seller = await apiAs(browser, baseURL, email, 'Seller123')
  const added = await seller.request.post('/api/admin/products/add', {
    data: {
      image,
      title: `Park Street Power Bank ${suffix}`,
      description: 'A 10,000 mAh power bank shipped from Kolkata by the e2e suite.',
      category: 'accessories',
      brand: 'boat',
      section: 'featured',
      hsn: '850760',
      price: 999,
      salePrice: 0,
      totalStock: 5,
      ...PRODUCT_DECLARATIONS,
    },
  })
  expect(added.status(), await added.text()).toBe(201)
  const product = ((await added.json()) as { data: ApiProduct }).data
  return { seller, product, businessName: `Kolkata Gadgets ${suffix}` }
}

async function parcelsOf(request: APIRequestContext, orderId: string): Promise<Parcel[]> {
  const body = (await (await request.get(`/api/shop/order/details/${orderId}`)).json()) as {
    data: { parcels: Parcel[] }
  }
  return body.data.parcels
}

test('a two-seller order ships, one parcel is delivered and one returns to its seller', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow()
  // What the demo seller (Gadget Galaxy, Mumbai) sells and a cash-on-delivery order may hold.
  const listing = (await (
    await page.request.get('/api/shop/products/get?sortBy=price-lowtohigh&limit=48')
  ).json()) as { data: (ApiProduct & { username: string | null; image: string })[] }
  const mumbai = listing.data.find(
    (p) => p.username === 'Gadget Galaxy Retail Pvt. Ltd.' && p.totalStock >= 3,
  )
  if (!mumbai) throw new Error('no demo seller product with stock')
  const kolkata = await kolkataSeller(browser, baseURL!, mumbai.image)

  // The shopper checks delivery in the product dialog: served at home, not on the islands.
  await signIn(page, 'shopper@demo.test')
  await expect(page).toHaveURL(/\/$/)
  await page.goto(`/shop/listing?product=${mumbai._id}`)
  const dialog = page.getByRole('dialog')
  const pincode = dialog.getByLabel('Delivery pincode')
  await pincode.fill('744101')
  await dialog.getByRole('button', { name: 'Check' }).click()
  await expect(dialog.getByText('We do not deliver to pincode 744101 yet.')).toBeVisible()
  await pincode.fill(TEST_ADDRESS.pincode)
  await dialog.getByRole('button', { name: 'Check' }).click()
  await expect(dialog.getByText(/^Delivery by/)).toBeVisible()
  await expect(dialog.getByText('Cash on delivery available')).toBeVisible()
  await page.keyboard.press('Escape')

  // One unit from each seller, to the saved Bengaluru address, cash on delivery.
  const userId = await emptyServerCart(page.request)
  for (const product of [mumbai, kolkata.product]) {
    const added = await page.request.post('/api/shop/cart/add', {
      data: { userId, productId: product._id, quantity: 1 },
    })
    expect(added.ok()).toBe(true)
  }
  const addresses = (await (await page.request.get(`/api/shop/address/get/${userId}`)).json()) as {
    data: unknown[]
  }
  if (addresses.data.length === 0) {
    await page.request.post('/api/shop/address/add', { data: { userId, ...TEST_ADDRESS } })
  }
  const stockBefore = {
    mumbai: await stockOf(page, mumbai._id),
    kolkata: await stockOf(page, kolkata.product._id),
  }
  await page.goto('/shop/checkout')
  await page
    .getByRole('radio', { name: /Deliver to/ })
    .first()
    .check()
  await expect(page.getByText(/^Delivery by/)).toBeVisible()
  await chooseAndPay(page, 'COD')
  const placed = page.getByRole('dialog', { name: 'Order Placed!' })
  await expect(placed).toBeVisible()
  const orders = (await (await page.request.get(`/api/shop/order/list/${userId}`)).json()) as {
    data: { _id: string; orderNumber: string }[]
  }
  const order = orders.data[0]!
  expect(await stockOf(page, mumbai._id)).toBe(stockBefore.mumbai - 1)
  expect(await stockOf(page, kolkata.product._id)).toBe(stockBefore.kolkata - 1)

  // The demo seller ships from its list: package size, courier booked, AWB and label shown.
  const sellerContext = await browser.newContext({ baseURL })
  const sellerPage = waitingForTheApp(await sellerContext.newPage())
  await signIn(sellerPage, 'seller@demo.test')
  // Signed in (its landing page) before going on: a goto while the sign-in is in flight can
  // leave the browser without its session and back on /login.
  await expect(sellerPage).toHaveURL(/\/admin\/products$/)
  await sellerPage.goto('/admin/orders')
  const toShip = sellerPage.getByRole('region', { name: /^To ship/ })
  const card = toShip.getByRole('article', { name: order.orderNumber })
  await expect(card).toContainText(/Ship by/)
  await card.getByRole('button', { name: `Ship ${order.orderNumber}` }).click()
  const ship = sellerPage.getByRole('dialog', { name: `Ship ${order.orderNumber}` })
  await ship.getByLabel('Weight (g)').fill('450')
  await ship.getByLabel('Length (cm)').fill('20')
  await ship.getByLabel('Breadth (cm)').fill('12')
  await ship.getByLabel('Height (cm)').fill('6')
  await ship.getByRole('button', { name: 'Book courier' }).click()
  await expect(ship.getByText('Courier booked')).toBeVisible()
  await expect(ship.getByText(/^SBX\d{10}$/)).toBeVisible()
  await expect(ship.getByRole('link', { name: /Print label/ })).toHaveAttribute(
    'href',
    /^\/sandbox-courier\/SBX\d{10}\/label$/,
  )
  await ship.getByRole('button', { name: 'Done' }).click()
  // Booked: the part leaves the list of what to ship.
  await expect(card).toBeHidden()
  await sellerContext.close()

  // The Kolkata seller books through the API.
  const [mumbaiParcel, kolkataParcel] = await parcelsOf(page.request, order._id).then((parcels) => [
    parcels.find((p) => p.seller.startsWith('Gadget Galaxy'))!,
    parcels.find((p) => p.seller === kolkata.businessName)!,
  ])
  const booked = await kolkata.seller.request.post('/api/admin/orders/vendor-ship', {
    data: {
      _id: kolkataParcel!.subOrderId,
      weightGrams: 300,
      lengthCm: 15,
      breadthCm: 8,
      heightCm: 4,
    },
  })
  expect(booked.status(), await booked.text()).toBe(200)
  const kolkataAwb = ((await booked.json()) as { data: { awb: string } }).data.awb
  await kolkata.seller.close()
  const mumbaiAwb = mumbaiParcel!.shipment!.awb

  // The sandbox courier delivers the Mumbai parcel from its desk, and brings the other back.
  // The desk is the sandbox's own server page, not the app.
  const desk = await page.context().newPage()
  await desk.goto('/sandbox-courier')
  for (const step of ['Picked up', 'In transit', 'Out for delivery', 'Delivered']) {
    const parcel = desk.getByRole('listitem').filter({ hasText: mumbaiAwb })
    await parcel.getByRole('button', { name: step, exact: true }).click()
    await expect(desk).toHaveURL(/\/sandbox-courier$/)
  }
  await desk.close()
  for (const status of ['picked_up', 'failed_attempt', 'rto']) {
    const pushed = await page.request.post(`/sandbox-courier/${kolkataAwb}/events`, {
      data: { status },
    })
    expect(pushed.ok(), await pushed.text()).toBe(true)
  }
  // The end told again changes nothing (nor shows twice).
  expect(
    (
      await page.request.post(`/sandbox-courier/${kolkataAwb}/events`, { data: { status: 'rto' } })
    ).ok(),
  ).toBe(true)

  // The shopper follows both parcels in the order's details.
  await page.goto(`/shop/account?tab=orders&order=${order._id}`)
  const details = page.getByRole('dialog', { name: 'Order details' })
  const delivered = details.getByRole('article', { name: /^Parcel from Gadget Galaxy/ })
  await expect(delivered).toContainText(mumbaiAwb)
  await expect(delivered.getByRole('listitem')).toHaveText([
    /^Picked up/,
    /^In transit/,
    /^Out for delivery/,
    /^Delivered/,
  ])
  const returned = details.getByRole('article', { name: `Parcel from ${kolkata.businessName}` })
  await expect(returned).toContainText(kolkataAwb)
  await expect(returned).toContainText('Returned to the seller')
  await expect(returned.getByRole('listitem')).toHaveCount(3)

  // Each parcel's GST invoice was issued when it was booked; the returned one's is reversed by a
  // credit note. The links download the stored documents as a PDF.
  const invoice = delivered.getByRole('link', { name: /^Invoice TB\/\d{4}\/\d{6}$/ })
  await expect(invoice).toBeVisible()
  await expect(returned.getByRole('link', { name: /^Invoice TB\/\d{4}\/\d{6}$/ })).toBeVisible()
  await expect(returned.getByRole('link', { name: /^Credit note CN\/\d{4}\/\d{6}$/ })).toBeVisible()
  const pdf = await page.request.get((await invoice.getAttribute('href'))!)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')

  // Statuses and stock: one part delivered, the other returned with its unit back on the shelf.
  const parcels = await parcelsOf(page.request, order._id)
  expect(Object.fromEntries(parcels.map((p) => [p.shipment!.awb, p.status]))).toEqual({
    [mumbaiAwb]: 'delivered',
    [kolkataAwb]: 'returned',
  })
  expect(await stockOf(page, mumbai._id)).toBe(stockBefore.mumbai - 1)
  expect(await stockOf(page, kolkata.product._id)).toBe(stockBefore.kolkata)
})
