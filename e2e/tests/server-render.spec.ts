import { expect, signIn, test } from './fixtures'

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

test.describe('pages rendered on the server', () => {
  test('the home page and the listing arrive drawn, with their data', async ({ request }) => {
    const home = await (await request.get('/')).text()
    expect(home).toContain('<script type="application/json" id="ssr-state">')
    expect(home).toMatch(/<h1[^>]*>Shop the Latest Electronics &amp; Gadgets<\/h1>/)
    const banners = await (await request.get('/api/common/feature/get')).json()
    expect(home).toContain(`src="${banners.data[0].image}"`)

    const listing = await (await request.get('/shop/listing?category=electronics')).text()
    const products = await (
      await request.get('/api/shop/products/get?category=electronics&limit=24')
    ).json()
    expect(products.data.length).toBeGreaterThan(0)
    for (const product of products.data) expect(listing).toContain(escapeHtml(product.title))
  })

  test('an anonymous page is kept finished, and a browser holding it gets 304', async ({
    request,
  }) => {
    await request.get('/aboutUs')
    const kept = await request.get('/aboutUs')
    expect(kept.headers()['x-cache']).toBe('hit')
    expect(kept.headers()['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/)
    const etag = kept.headers()['etag']
    expect(etag).toMatch(/^W\/"/)
    const again = await request.get('/aboutUs', { headers: { 'if-none-match': etag! } })
    expect(again.status()).toBe(304)
  })

  test("each page's title is in the head as served, and follows the shopper around", async ({
    page,
    request,
  }) => {
    const about = await (await request.get('/aboutUs')).text()
    // One title, in the head, where crawlers and link previews read it.
    expect(about.match(/<title>/g)).toHaveLength(1)
    expect(about).toMatch(
      /<head>[\s\S]*<title>Genuine tech[^<]* \| TechBazaar<\/title>[\s\S]*<\/head>/,
    )

    await page.goto('/aboutUs')
    await expect(page).toHaveTitle(/^Genuine tech.* \| TechBazaar$/)
    await page.getByRole('banner').getByRole('link', { name: 'TechBazaar', exact: true }).click()
    await expect(page).toHaveURL('/')
    await expect(page).toHaveTitle('TechBazaar: Phones, Audio, Electronics & Accessories Online')
    await page.goto('/login')
    await expect(page).toHaveTitle('Sign in | TechBazaar')
  })

  test('every storefront page is drawn in one pass, signed in or not', async ({ page }) => {
    const passes = async (url: string) =>
      (await page.request.get(url)).headers()['server-timing']?.match(/"(\d+) pass/)?.[1]
    // A spelling the page cache does not keep is rendered for its request.
    expect(await passes('/shop/listing?brand=Samsung')).toBe('1')
    expect(await passes('/shop/search?q=%20iphone')).toBe('1')
    await signIn(page, 'shopper@demo.test')
    await expect(page).toHaveURL('/')
    for (const url of ['/shop/listing?brand=Samsung', '/shop/checkout', '/shop/account']) {
      expect(await passes(url), url).toBe('1')
    }
  })

  test('a signed-in shopper gets the kept storefront page, and the browser brings their name (issue 33.4)', async ({
    page,
  }) => {
    await signIn(page, 'shopper@demo.test')
    await expect(page).toHaveURL('/')
    for (const url of ['/', '/shop/listing', '/shop/search?q=iphone']) {
      const res = await page.request.get(url)
      expect(res.headers()['cache-control'], url).toMatch(/^public/)
      expect(['hit', 'miss', 'shared'], url).toContain(res.headers()['x-cache'])
      expect(await res.text(), url).not.toContain('shopper@demo.test')
    }
    await page.goto('/shop/listing')
    await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible()
  })

  test('without JavaScript the listing still shows its products', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/shop/listing')
    await expect(page.getByText(/^\d+ products?$/)).toBeVisible()
    await expect(page.getByRole('article')).toHaveCount(24)
    await context.close()
  })

  test('a hydrated listing asks for nothing it was given, then works', async ({ page }) => {
    const productCalls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/shop/products/get')) productCalls.push(request.url())
    })
    await page.goto('/shop/listing')
    await page.waitForLoadState('networkidle')
    expect(productCalls).toEqual([])

    await page.getByRole('button', { name: 'Load more' }).click()
    await expect(page.getByRole('article')).toHaveCount(48)
    expect(productCalls).toHaveLength(1)
  })

  test('filters kept from an earlier visit apply to a bare listing', async ({ page }) => {
    await page.goto('/shop/listing?brand=boat')
    await page.goto('/shop/listing')
    await expect(page).toHaveURL(/brand=boat/)
    for (const card of await page.getByRole('article').all()) {
      await expect(card).toContainText(/boat/i)
    }
  })

  test("a signed-in shopper's account page arrives drawn for them", async ({ page, request }) => {
    await signIn(page, 'shopper@demo.test')
    await expect(page).toHaveURL('/')
    const html = await (await page.request.get('/shop/account')).text()
    expect(html).toContain('id="ssr-state"')
    expect(html).toContain('shopper@demo.test')
    // A guest asking for the same page gets the app shell, which sends them to sign in.
    const guest = await (await request.get('/shop/account')).text()
    expect(guest).not.toContain('id="ssr-state"')
  })
})
