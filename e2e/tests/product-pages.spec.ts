import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures'

/**
 * A product's own page, and the category and brand landing pages (issue 29): what a shopper
 * opens from the listing or a shared link, and what search engines index.
 */
interface ListedProduct {
  _id: string
  title: string
  shortId: string
  brand: string
  price: number
}

async function firstListed(request: APIRequestContext) {
  const list = (await (
    await request.get('/api/shop/products/get?limit=1&sortBy=title-atoz&category=electronics')
  ).json()) as { data: ListedProduct[] }
  return list.data[0]!
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`a product's page at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('opens from the listing, shows the law’s details and adds to the cart', async ({
      page,
    }) => {
      await page.goto('/shop/listing?category=electronics&sortBy=title-atoz')
      const card = page.locator('[data-slot="product-card"]').first()
      const title = (await card.getByRole('heading').textContent())!.trim()
      // A plain click opens the dialog (the spec); "View full details" leads to the page.
      await card.getByRole('link', { name: title }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByRole('heading', { name: title })).toBeVisible()
      await dialog.getByRole('link', { name: 'View full details' }).click()
      await expect(page).toHaveURL(/\/p\/[a-z0-9-]+-[a-z0-9]{8}$/)
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expect(page.getByText('(inclusive of all taxes)')).toBeVisible()
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible()
      const seller = page.getByRole('region', { name: 'Seller and product declarations' })
      await expect(seller).toContainText(/GSTIN/)
      await expect(seller).toContainText(/Country of origin/i)
      await expect(page.getByRole('heading', { name: /^Reviews \(\d+\)$/ })).toBeVisible()

      await page.getByRole('button', { name: /^Add to Cart/ }).click()
      await expect(page.getByRole('button', { name: /cart/i }).first()).toContainText('1')
      await expect(page.getByRole('heading', { name: /^More (from|in) / }).first()).toBeVisible()
      // Nothing wider than the screen.
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(width).toBeLessThanOrEqual(viewport.width)
    })
  })
}

test.describe("a product's gallery (decision 091)", () => {
  test('a thumbnail, the arrows and the keys change the main image; a click zooms', async ({
    page,
    request,
  }) => {
    const product = await firstListed(request)
    const detail = (await (await request.get(`/api/shop/products/get/${product._id}`)).json()) as {
      data: { images: string[] }
    }
    const count = detail.data.images.length
    expect(count).toBeGreaterThanOrEqual(3)
    await page.goto(`/p/x-${product.shortId}`)
    const gallery = page.getByRole('group', { name: `Images of ${product.title}` })
    const main = gallery.getByRole('button', { name: /^Zoom image/ }).getByRole('img')
    await expect(main).toHaveAttribute('alt', `Image 1 of ${count} of ${product.title}`)
    // The server drew the cover: it is there before any script runs.
    await expect(main).toHaveAttribute('src', detail.data.images[0]!)

    await gallery.getByRole('button', { name: `Show image 2 of ${count}` }).click()
    await expect(main).toHaveAttribute('src', detail.data.images[1]!)
    await expect(main).toHaveAttribute('alt', `Image 2 of ${count} of ${product.title}`)
    await page.keyboard.press('ArrowRight')
    await expect(main).toHaveAttribute('src', detail.data.images[2]!)
    await gallery.getByRole('button', { name: 'Previous image' }).click()
    await expect(main).toHaveAttribute('src', detail.data.images[1]!)

    await gallery.getByRole('button', { name: `Zoom image 2 of ${count}` }).click()
    const zoom = page.getByRole('dialog', { name: product.title })
    await expect(zoom.getByRole('img')).toHaveAttribute('src', detail.data.images[1]!)
    await zoom.getByRole('button', { name: 'Magnify' }).click()
    await expect(zoom.getByRole('button', { name: 'Magnify' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await page.keyboard.press('Escape')
    await expect(zoom).toBeHidden()
  })
})

test.describe('product pages for search engines', () => {
  test('come from the server with their head and JSON-LD that parses', async ({ request }) => {
    const product = await firstListed(request)
    const byPath = await request.get(`/api/shop/products/get/${product._id}`)
    expect(byPath.ok()).toBe(true)
    const pages = (await request.get('/sitemaps/products-1.xml').then((r) => r.text())).match(
      /<loc>[^<]*\/p\/[^<]*-[a-z0-9]{8}<\/loc>/g,
    )
    expect(pages?.length).toBeGreaterThan(10)
    const path = new URL(pages![0]!.slice(5, -6)).pathname
    const html = await (await request.get(path)).text()
    expect(html).toMatch(
      /<head>[\s\S]*<link rel="canonical" href="[^"]+\/p\/[^"]+">[\s\S]*<\/head>/,
    )
    expect(html).toMatch(/<meta property="og:type" content="product">/)
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    const data = blocks.map((block) => JSON.parse(block[1]!) as { '@type': string })
    expect(data.map((item) => item['@type'])).toEqual(['Product', 'BreadcrumbList'])
    expect(data[0]).toMatchObject({ offers: { '@type': 'Offer', priceCurrency: 'INR' } })
  })

  test('a stale slug redirects to the product’s own address', async ({ page, request }) => {
    const product = await firstListed(request)
    const res = await request.get(`/p/an-old-title-${product.shortId}`, { maxRedirects: 0 })
    expect(res.status()).toBe(301)
    const target = res.headers().location!
    expect(target).toMatch(new RegExp(`^/p/[a-z0-9-]+-${product.shortId}$`))
    await page.goto(`/p/an-old-title-${product.shortId}`)
    await expect(page).toHaveURL(target)
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible()
  })

  test('a product that is gone answers 404 with a way back to the shop', async ({
    page,
    consoleErrors,
  }) => {
    const res = await page.goto('/p/no-such-product-zzzzzzzz')
    expect(res?.status()).toBe(404)
    await expect(
      page.getByRole('heading', { name: 'This product is not available.' }),
    ).toBeVisible()
    await page.getByRole('link', { name: 'Browse products' }).click()
    await expect(page).toHaveURL('/shop/listing')
    // The page's 404 and the API's: the two a browser reports for an address to nothing.
    const notFound = consoleErrors.filter((text) => text.includes('status of 404'))
    expect(notFound).toHaveLength(2)
    consoleErrors.splice(
      0,
      consoleErrors.length,
      ...consoleErrors.filter((t) => !notFound.includes(t)),
    )
  })

  test('a brand tile leads to its landing page, drawn by the server', async ({ page, request }) => {
    const html = await (await request.get('/b/samsung')).text()
    expect(html).toContain('<link rel="canonical" href=')
    expect(html).toMatch(/<h1[^>]*>Samsung<\/h1>/)
    await page.goto('/')
    await page.getByRole('link', { name: 'Shop Samsung' }).click()
    await expect(page).toHaveURL('/b/samsung')
    await expect(page.getByRole('heading', { level: 1, name: 'Samsung' })).toBeVisible()
    await expect(page.getByRole('article').first()).toContainText(/samsung/i)
    await expect(page).toHaveTitle('Buy Samsung online | TechBazaar')
  })
})
