import { expect, test } from './fixtures'

// Product variants (issue 32.1, decision 090): the seeded iPhone 15 family on its page.

test('picks a colour and a storage size on the product page, and the cart line names the variant', async ({
  page,
}) => {
  const listing = (await (
    await page.request.get('/api/shop/products/get?options=colour:black,storage:128 gb&limit=50')
  ).json()) as { data: { _id: string; title: string; family?: { title: string } }[] }
  const iphone = listing.data.find((p) => p.family?.title === 'Apple iPhone 15')
  if (!iphone) throw new Error('no seeded iPhone 15 family')
  const detail = (await (
    await page.request.get(`/api/shop/products/get/${iphone._id}`)
  ).json()) as {
    data: { variants: { variants: { path: string; optionValues: Record<string, string> }[] } }
  }
  const black128 = detail.data.variants.variants.find(
    (v) => v.optionValues.Colour === 'Black' && v.optionValues.Storage === '128 GB',
  )
  if (!black128) throw new Error('no Black 128 GB iPhone 15')

  await page.goto(black128.path)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Apple iPhone 15 (Black, 128 GB)',
  )
  // Pink in 512 GB is sold out in the seed: from Pink, 512 GB says so.
  await page
    .getByRole('group', { name: /^Colour:/ })
    .getByRole('link', { name: 'Blue' })
    .click()
  await expect(page).toHaveURL(/\/p\/apple-iphone-15-blue-128-gb-[a-z0-9]{8}$/)
  await page
    .getByRole('group', { name: /^Storage:/ })
    .getByRole('link', { name: '256 GB' })
    .click()
  await expect(page).toHaveURL(/\/p\/apple-iphone-15-blue-256-gb-[a-z0-9]{8}$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apple iPhone 15 (Blue, 256 GB)')

  // A reload keeps the choice.
  await page.reload()
  await expect(page.getByRole('group', { name: 'Colour: Blue' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Storage: 256 GB' })).toBeVisible()

  await page.getByRole('button', { name: /^Add to Cart/ }).click()
  await page.getByRole('button', { name: /cart/i }).first().click()
  await expect(page.getByRole('dialog')).toContainText('Apple iPhone 15 (Blue, 256 GB)')

  // The sold-out combination is disabled and says why.
  await page.keyboard.press('Escape')
  await page
    .getByRole('group', { name: /^Colour:/ })
    .getByRole('link', { name: 'Pink' })
    .click()
  await expect(page).toHaveURL(/\/p\/apple-iphone-15-pink-256-gb-[a-z0-9]{8}$/)
  await expect(
    page
      .getByRole('group', { name: /^Storage:/ })
      .getByRole('button', { name: '512 GB (out of stock)' }),
  ).toBeDisabled()
})
