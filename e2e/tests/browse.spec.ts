import { expect, expectImagesLoaded, test } from './fixtures'

test.describe('a guest browsing the shop', () => {
  test('sees the home page with banners, sections and brands', async ({ page }) => {
    await page.goto('/')
    await expect(
      page.getByRole('heading', { name: 'Shop the Latest Electronics & Gadgets' }),
    ).toBeVisible()
    for (const name of [
      'Featured Products',
      'Top Deals',
      'Trending Electronics',
      'Shop by Brand',
    ]) {
      await expect(page.getByRole('heading', { name })).toBeVisible()
    }
    await expect(page.getByRole('button', { name: /add to cart/i }).first()).toBeVisible()
    await expectImagesLoaded(page)
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`)
  })

  test('filters the listing, and the filters survive a reload', async ({ page }) => {
    await page.goto('/shop/listing?category=electronics')
    await expect(page.getByText(/\d+ products?/).first()).toBeVisible()
    const samsung = page.getByRole('checkbox', { name: /samsung/i }).first()
    if (!(await samsung.isVisible())) await page.getByRole('button', { name: /filters/i }).click()
    await samsung.click()
    await expect(samsung).toBeChecked()
    await expect(page).toHaveURL(/brand=samsung/)
    await expect(page.getByRole('article').first()).toContainText(/samsung/i)
    await page.reload()
    await expect(page).toHaveURL(/brand=samsung/)
    await expect(page.getByRole('checkbox', { name: /samsung/i }).first()).toBeChecked()
  })

  test('opens a product from a deep link and shows its details', async ({ page, request }) => {
    const list = await (
      await request.get('/api/shop/products/get?limit=1&sortBy=title-atoz')
    ).json()
    const product = list.data[0]
    await page.goto(`/shop/listing?product=${product._id}`)
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('heading', { name: product.title })).toBeVisible()
    await expect(dialog).toContainText(product.username)
  })

  test('adds to a guest cart and sees it in the cart sheet', async ({ page }) => {
    await page.goto('/shop/listing')
    await page
      .getByRole('button', { name: /add to cart/i })
      .first()
      .click()
    await expect(page.getByText('Product is added to cart (guest)')).toBeVisible()
    await page.getByRole('button', { name: /cart/i }).first().click()
    await expect(page.getByRole('dialog')).toContainText('Total')
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Checkout' })).toBeVisible()
  })

  test('reads the static pages and sends a contact message', async ({ page }) => {
    await page.goto('/aboutUs')
    await expect(page.getByText(/mission/i).first()).toBeVisible()
    await expect(page.getByRole('img', { name: /portrait/i })).toHaveCount(4)
    await page.goto('/shipping-policy')
    await expect(page.getByRole('heading', { name: 'Shipping Policy', level: 1 })).toBeVisible()
    // The dispatch time comes from the shop's settings, not a figure typed into the page.
    await expect(page.getByText(/Dispatched in \d+ working days?/).first()).toBeVisible()

    await page.goto('/contact-us')
    await page.getByRole('button', { name: /send/i }).click()
    await expect(page.getByText('Name is required')).toBeVisible()
    await page.getByRole('textbox', { name: 'Name' }).fill('Anil Kumar')
    await page.getByRole('textbox', { name: 'Email' }).fill('anil@example.in')
    await page.getByRole('textbox', { name: 'Subject' }).fill('Bulk order')
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('Do you offer GST invoices for 20 phones?')
    await page.getByRole('button', { name: /send/i }).click()
    await expect(page.getByText(/Thank you for contacting us/).first()).toBeVisible()
  })

  test('gets the not-found page, the unauth page and the login redirect for private pages', async ({
    page,
  }) => {
    await page.goto('/no/such/page')
    await expect(page.getByText("page doesn't exist")).toBeVisible()
    await page.goto('/unauth-page')
    await expect(page.getByText("You don't have access to view this page")).toBeVisible()
    await page.goto('/shop/account')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()
    await page.goto('/admin/products')
    await expect(page).toHaveURL(/\/login$/)
  })
})
