import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test'

/** Console noise that is expected: a guest's session check answers 401 by design. */
const EXPECTED = [/Failed to load resource: the server responded with a status of 401/]

/**
 * Makes `goto` and `reload` wait until the app has taken over the page: a server-rendered page
 * is visible (and clickable) before its code has hydrated it, and a click that early would do
 * nothing. Tests get such pages; one made with `browser.newContext()` passes through here.
 */
export function waitingForTheApp(page: Page): Page {
  const untilReady = () =>
    page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 15_000 })
  const goto = page.goto.bind(page)
  page.goto = async (...args) => {
    const response = await goto(...args)
    await untilReady()
    return response
  }
  const reload = page.reload.bind(page)
  page.reload = async (...args) => {
    const response = await reload(...args)
    await untilReady()
    return response
  }
  return page
}

/** Empties the signed-in shopper's server cart through the API; answers the shopper's id. */
export async function emptyServerCart(request: APIRequestContext): Promise<string> {
  const { user } = (await (await request.get('/api/auth/check-auth')).json()) as {
    user: { id: string }
  }
  const cart = (await (await request.get(`/api/shop/cart/get/${user.id}?limit=50`)).json()) as {
    data: { productId: string }[]
  }
  for (const line of cart.data) {
    await request.delete(`/api/shop/cart/${user.id}/${line.productId}`)
  }
  return user.id
}

/**
 * Every journey orders as the one demo shopper, and some leave things behind (a cancelled order
 * puts its items back in the cart, a journey saves an address). Each test starts from an empty
 * server cart and at most two saved addresses (room to add one), whatever ran before it.
 */
async function resetDemoShopper(request: APIRequestContext) {
  const signedIn = await request.post('/api/auth/login', {
    data: { email: 'shopper@demo.test', password: DEMO_PASSWORD },
  })
  expect(signedIn.ok(), 'the demo shopper signs in').toBe(true)
  const userId = await emptyServerCart(request)
  const addresses = (await (await request.get(`/api/shop/address/get/${userId}`)).json()) as {
    data: { _id: string }[]
  }
  for (const address of addresses.data.slice(2)) {
    await request.delete(`/api/shop/address/delete/${userId}/${address._id}`)
  }
  await request.post('/api/auth/logout')
}

/** Every test fails on an unexpected console error or uncaught page error. */
export const test = base.extend<{ consoleErrors: string[]; demoShopper: void }>({
  demoShopper: [
    async ({ playwright, baseURL }, use) => {
      const request = await playwright.request.newContext({ baseURL })
      await resetDemoShopper(request)
      await request.dispose()
      await use()
    },
    { auto: true },
  ],
  page: async ({ page }, use) => {
    await use(waitingForTheApp(page))
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' && !EXPECTED.some((re) => re.test(message.text()))) {
          errors.push(message.text())
        }
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      expect(errors, 'console errors').toEqual([])
    },
    { auto: true },
  ],
})
export { expect }

export const DEMO_PASSWORD = 'Demo@1234'

/** The delivery address tests save for a shopper who has none (API body without userId). */
export const TEST_ADDRESS = {
  /** The person to deliver to (issue 31.7). */
  recipientName: 'Kavya Rao',
  address: '221 Residency Road',
  city: 'Bengaluru',
  pincode: '560025',
  phone: '9876543210',
  notes: 'Leave with the guard',
  /** Karnataka, the PIN's state: the invoices' place of supply. */
  stateCode: '29',
}

/** The mail catcher's JSON endpoint (mail-catcher.mjs), on the port the config gave it. */
export const MAILS_URL = `http://127.0.0.1:${process.env.MAIL_CATCHER_HTTP_PORT ?? 3198}/mails`

/** Waits for the newest mail to `to` whose subject matches, as the mail catcher received it. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string } | undefined
  await expect
    .poll(
      async () => {
        const response = await request.get(MAILS_URL, { params: { to } })
        const mails = (await response.json()) as { subject: string; text: string }[]
        found = mails.findLast((mail) => subject.test(mail.subject))
        return found?.subject ?? ''
      },
      { message: `a mail to ${to} with subject ${subject}`, timeout: 15_000 },
    )
    .toMatch(subject)
  return found!
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

/** No <img> on the page is broken: loaded ones have pixels, eager ones have loaded. */
export async function expectImagesLoaded(page: Page) {
  await page.waitForLoadState('networkidle')
  const broken = await page.$$eval('img', (images) =>
    images
      .filter(
        (img) =>
          (img.complete && img.naturalWidth === 0) || (!img.complete && img.loading !== 'lazy'),
      )
      .map((img) => img.src),
  )
  expect(broken).toEqual([])
}

/** A session of its own for `email` (API calls only, no page). */
export async function apiAs(
  browser: Browser,
  baseURL: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL })
  const signedIn = await context.request.post('/api/auth/login', { data: { email, password } })
  expect(signedIn.ok(), `${email} signs in`).toBe(true)
  return context
}

/** Complete legal declarations and a warranty for a product the suite adds (decision 066). */
export const PRODUCT_DECLARATIONS = {
  declarations: {
    manufacturerName: 'Imagine Marketing Ltd.',
    manufacturerAddress: 'Corporate Avenue, Andheri-Ghatkopar Link Road, Mumbai 400093',
    packerRole: 'manufacturer',
    countryOfOrigin: 'India',
    genericName: 'Wireless earbuds',
    netQuantity: '1 N',
    careName: 'boAt Care',
    careAddress: 'Corporate Avenue, Andheri-Ghatkopar Link Road, Mumbai 400093',
    carePhone: '022 6918 5000',
    careEmail: 'info@boat-in.example',
  },
  warranty: { months: 12, by: 'Manufacturer' },
}
