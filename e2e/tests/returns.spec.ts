import { formatShopDate } from '../../packages/shared/src/dates'
import { stockOf } from './checkout-steps'
import { expect, signIn, test, waitForMail, waitingForTheApp } from './fixtures'
import {
  courierEvents,
  decide,
  detailsOf,
  freshSeller,
  openOrder,
  pdfText,
  placeOrder,
  shot,
  storedImage,
  type Details,
} from './return-steps'

/**
 * Issue 18's journeys: a cash-on-delivery order cancelled before it ships, a prepaid order's
 * return refunded with a credit note, a return after the window refused.
 */

const SHOPPER = 'shopper@demo.test'
/** The demo shopper's seeded order, delivered 20 days ago (apps/api/src/db/seed/index.ts). */
const DEMO_SHOPPER_BOUGHT = 'OnePlus 12R (8GB/256GB) - Iron Gray'

test('a cash-on-delivery order cancelled before it ships puts its stock back', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow()
  const { product } = await freshSeller(browser, baseURL!, await storedImage(page))
  await signIn(page, SHOPPER)
  await expect(page).toHaveURL(/\/$/)
  const order = await placeOrder(page, product._id, 1, 'COD')
  expect(await stockOf(page, product._id)).toBe(4)

  const details = await openOrder(page, order.orderNumber)
  await expect(details.getByRole('region', { name: 'Cancel' })).toContainText(
    'Not shipped yet: you can still cancel this order, free of charge.',
  )
  await details.getByRole('button', { name: 'Cancel order' }).click()
  const cancel = page.getByRole('dialog', { name: 'Cancel this order?' })
  await expect(cancel).toContainText('Nothing was charged.')
  // No reason, no cancellation: the dialog asks for one.
  await cancel.getByRole('button', { name: 'Cancel order' }).click()
  await expect(cancel.getByRole('alert')).toHaveText('Tell us why you are cancelling')
  await cancel.getByRole('radio', { name: 'Ordered by mistake' }).check()
  await cancel.getByRole('button', { name: 'Cancel order' }).click()
  await expect(cancel).toBeHidden()

  // The order's status badge first; the cancelled line carries a badge of its own (issue 26.8).
  await expect(
    details.locator('[data-slot="badge"]', { hasText: 'Cancelled' }).first(),
  ).toBeVisible()
  await expect(
    details.getByRole('region', { name: 'Items' }).getByText('Cancelled', { exact: true }),
  ).toBeVisible()
  await expect(details.getByRole('region', { name: 'Timeline' })).toContainText(
    'Cancelled by the shopper',
  )
  await expect(details.getByRole('button', { name: 'Cancel order' })).toHaveCount(0)
  expect(await stockOf(page, product._id)).toBe(5)
  await waitForMail(page.request, SHOPPER, new RegExp(`order ${order.orderNumber} is cancelled`))
  // Cancelled once is cancelled: the API refuses a second time.
  const again = await page.request.post(`/api/shop/order/${order._id}/cancel`, {
    data: { reason: 'Changed my mind' },
  })
  expect(again.status()).toBe(409)
})

test('a prepaid order is delivered, one unit returned, checked and refunded with a credit note', async ({
  page,
  browser,
  baseURL,
}) => {
  // Three sessions, a payment, a delivery, a return's four steps and a refund.
  test.setTimeout(120_000)
  const image = await storedImage(page)
  const seller = await freshSeller(browser, baseURL!, image)
  const { product, businessName } = seller
  await signIn(page, SHOPPER)
  await expect(page).toHaveURL(/\/$/)
  const order = await placeOrder(page, product._id, 2, 'CASHFREE')

  // The seller books the courier; the sandbox courier delivers.
  const [parcel] = (await detailsOf(page, order._id)).parcels
  const booked = await seller.seller.request.post('/api/admin/orders/vendor-ship', {
    data: { _id: parcel!.subOrderId, weightGrams: 200, lengthCm: 12, breadthCm: 8, heightCm: 5 },
  })
  expect(booked.status(), await booked.text()).toBe(200)
  const awb = ((await booked.json()) as { data: { awb: string } }).data.awb
  await courierEvents(page, awb, ['picked_up', 'in_transit', 'out_for_delivery', 'delivered'])
  await expect
    .poll(async () => (await detailsOf(page, order._id)).parcels[0]!.status)
    .toBe('delivered')
  expect(await stockOf(page, product._id)).toBe(3)

  // The shopper returns one of the two units, with a note and a photo.
  const details = await openOrder(page, order.orderNumber)
  const delivered = details.getByRole('article', { name: `Parcel from ${businessName}` })
  await expect(delivered).toContainText(/Return window closes on \d{1,2} \w+/)
  await delivered.getByRole('button', { name: `Return items from ${businessName}` }).click()
  const form = page.getByRole('dialog', { name: 'Return items' })
  await expect(form).toContainText('Up to 2 · ₹999 each')
  // A parcel of one item starts at one unit (issue 31.5): no need to count up to it.
  const quantity = form.getByRole('group', { name: `Quantity of ${product.title} to return` })
  await expect(quantity.locator('output')).toHaveText('1')
  await expect(form).toContainText('Refund for these items: ₹999')
  await form.getByLabel('Reason').selectOption({ label: 'Damaged' })
  await form.getByLabel('Note (optional)').fill('The case arrived cracked at the hinge.')
  const photo = await (await page.request.get(image)).body()
  await form
    .getByLabel('Photo 1')
    .setInputFiles({ name: 'cracked-case.webp', mimeType: 'image/webp', buffer: photo })
  // Uploaded, the photo takes its own slot (with its preview) and an empty one offers the next.
  await expect(form.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible()
  await expect(form.getByLabel('Photo 2')).toBeAttached()
  await shot(form, 'return-dialog')
  await form.getByRole('button', { name: 'Request return' }).click()
  await expect(form).toBeHidden()
  const section = details.getByRole('region', { name: 'Returns and refunds' })
  await expect(section.getByRole('list', { name: 'Returns' })).toContainText('Return requested')
  // The other unit may still be returned.
  await expect(delivered.getByRole('button', { name: /^Return items/ })).toBeVisible()
  await waitForMail(
    page.request,
    SHOPPER,
    new RegExp(`return request for order ${order.orderNumber}`),
  )

  // The seller approves in its queue (a reverse pickup is booked), receives, passes the check.
  const sellerContext = await browser.newContext({ baseURL })
  const desk = waitingForTheApp(await sellerContext.newPage())
  await signIn(desk, seller.email, 'Seller123')
  await expect(desk).toHaveURL(/\/admin\/products$/)
  await desk.getByRole('link', { name: 'Returns' }).click()
  await expect(desk).toHaveURL(/\/admin\/returns$/)
  const row = desk.getByRole('row', { name: new RegExp(order.orderNumber) })
  await expect(row).toContainText('Damaged')
  await expect(row).toContainText('The case arrived cracked at the hinge.')
  await expect(row.getByRole('img', { name: /^Photo 1 of 1/ })).toBeVisible()
  await expect(row).toContainText('Not booked')
  await shot(desk, 'seller-returns-queue')
  await decide(desk, row, 'Approve', order.orderNumber)
  await expect(row).toContainText(/AWB \S+/)
  await shot(desk, 'seller-returns-queue-approved')
  const pickupAwb = (await detailsOf(page, order._id)).returns![0]!.pickup!.awb
  await courierEvents(page, pickupAwb, ['picked_up', 'delivered'])
  await decide(desk, row, 'Mark received', order.orderNumber)
  await decide(desk, row, 'QC passed', order.orderNumber)
  // Done: it leaves the open queue for the closed one.
  await expect(row).toBeHidden()
  await desk.getByRole('button', { name: 'Closed' }).click()
  await expect(row).toContainText('Quality check passed')
  await sellerContext.close()
  await seller.seller.close()
  expect(await stockOf(page, product._id)).toBe(4)

  // The sandbox completes the refund at its first status query, right after accepting it.
  await expect
    .poll(async () => (await detailsOf(page, order._id)).refunds?.[0]?.status, { timeout: 30_000 })
    .toBe('completed')
  const after = await detailsOf(page, order._id)
  expect(after.refunds).toEqual([expect.objectContaining({ amount: 999, status: 'completed' })])
  const completedOn = formatShopDate(after.refunds![0]!.completedAt!, 'dayMonth')
  const [note] = after.creditNotes!
  const invoiceNumber = after.parcels[0]!.invoice!.number
  expect(note).toMatchObject({ invoiceNumber, amount: 999 })
  expect(note!.number).toMatch(/^CN\/\d{4}\/\d{6}$/)

  const again = await openOrder(page, order.orderNumber)
  const returnsAndRefunds = again.getByRole('region', { name: 'Returns and refunds' })
  await expect(returnsAndRefunds.getByRole('list', { name: 'Refunds' })).toContainText(
    `Refund of ₹999 completed on ${completedOn}`,
  )
  await expect(returnsAndRefunds.getByRole('list', { name: 'Returns' })).toContainText(
    'Quality check passed',
  )
  await expect(returnsAndRefunds).toContainText(`AWB ${pickupAwb}`)
  await expect(again.getByRole('region', { name: 'Timeline' })).toContainText(
    'Return passed its quality check',
  )
  await shot(returnsAndRefunds, 'returns-and-refunds')
  await waitForMail(
    page.request,
    SHOPPER,
    new RegExp(`refund of ₹999 for order ${order.orderNumber} is complete`),
  )

  // The credit note downloads beside the invoice and reads back as issued.
  const link = again
    .getByRole('article', { name: `Parcel from ${businessName}` })
    .getByRole('link', { name: `Credit note ${note!.number}` })
  await expect(link).toBeVisible()
  const pdf = await page.request.get((await link.getAttribute('href'))!)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  const text = pdfText(await pdf.body())
  expect(text).toContain('CREDIT NOTE')
  expect(text).toContain(`Credit note No. ${note!.number}`)
  expect(text).toContain(`Against invoice ${invoiceNumber}`)
  expect(text).toContain('Credit total ₹999.00')
})

test('a return after the window is refused, with the day it closed', async ({ page }) => {
  await signIn(page, SHOPPER)
  await expect(page).toHaveURL(/\/$/)
  const { user } = (await (await page.request.get('/api/auth/check-auth')).json()) as {
    user: { id: string }
  }
  const orders = (await (await page.request.get(`/api/shop/order/list/${user.id}`)).json()) as {
    data: { _id: string; orderStatus: string }[]
  }
  let seeded: Details | undefined
  for (const candidate of orders.data.filter((o) => o.orderStatus === 'delivered')) {
    const details = await detailsOf(page, candidate._id)
    if (details.cartItems.some((line) => line.title === DEMO_SHOPPER_BOUGHT)) seeded = details
  }
  if (!seeded) throw new Error(`no delivered order of ${DEMO_SHOPPER_BOUGHT}`)
  const closedOn = new Date(seeded.parcels[0]!.returnableUntil!)
  expect(closedOn.getTime()).toBeLessThan(Date.now())

  await page.goto(`/shop/account?tab=orders&order=${seeded._id}`)
  const parcel = page
    .getByRole('dialog', { name: 'Order details' })
    .getByRole('article', { name: /^Parcel from / })
  await expect(parcel).toContainText(
    `Return window closed on ${formatShopDate(closedOn, 'dayMonth')}`,
  )
  await expect(parcel.getByRole('button', { name: /^Return items/ })).toHaveCount(0)

  const line = seeded.cartItems.find((l) => l.title === DEMO_SHOPPER_BOUGHT)!
  const refused = await page.request.post(`/api/shop/order/${seeded._id}/returns`, {
    data: {
      items: [{ productId: line.productId, quantity: 1 }],
      reason: 'noLongerNeeded',
      payout: { kind: 'upi', upiId: 'shopper@okaxis' },
    },
  })
  expect(refused.status()).toBe(409)
  expect(await refused.json()).toEqual({
    success: false,
    message: `The return window for this order closed on ${formatShopDate(closedOn, 'medium')}`,
  })
})

test("the admin's dashboard shows the returns and refunds waiting", async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  const panel = page.locator('[data-slot="card"]', { hasText: 'Returns and refunds' })
  for (const line of [
    'Open returns',
    'Overdue returns',
    'Refunds in progress',
    'Failed refunds',
    'Overdue refunds',
  ]) {
    await expect(panel.getByRole('link', { name: new RegExp(`^${line}\\s?: \\d+$`) })).toBeVisible()
  }
  await panel.getByRole('link', { name: /^Open returns/ }).click()
  await expect(page).toHaveURL(/\/admin\/returns$/)
  await expect(page.getByRole('heading', { name: 'Returns', level: 1 })).toBeVisible()
})
