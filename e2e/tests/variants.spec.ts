import { expect, PRODUCT_DECLARATIONS, signIn, test } from './fixtures'

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

test('a seller adds a product with variants, 2 colours x 2 sizes, and sees it in its list', async ({
  page,
}) => {
  const title = `Orbit Test Band ${Date.now().toString(36)}`
  // A real image from the seeded shop, uploaded again for each variant.
  const listing = (await (await page.request.get('/api/shop/products/get?limit=1')).json()) as {
    data: { image: string }[]
  }
  const photo = await (await page.request.get(listing.data[0]?.image ?? '')).body()

  await signIn(page, 'seller@demo.test')
  await expect(page).toHaveURL(/\/admin\/products$/)
  await page.getByRole('button', { name: 'Add product with variants' }).click()
  const sheet = page.getByRole('dialog', { name: 'Add product with variants' })
  await sheet.getByLabel('Title', { exact: true }).fill(title)
  await sheet.getByLabel('Description').fill('A fitness band made by the e2e suite.')
  await sheet.getByLabel('Category').selectOption('electronics')
  await sheet.getByLabel('Brand').selectOption('boat')
  await sheet.getByLabel('HSN code').selectOption('851762')
  const d = PRODUCT_DECLARATIONS.declarations
  await sheet.getByLabel('Generic name').fill('Fitness band')
  await sheet.getByLabel('Manufacturer name').fill(d.manufacturerName)
  await sheet.getByLabel('Manufacturer address').fill(d.manufacturerAddress)
  await sheet.getByLabel('Name or office').fill(d.careName)
  await sheet.getByLabel('Address', { exact: true }).fill(d.careAddress)
  await sheet.getByLabel('Phone', { exact: true }).fill(d.carePhone)
  await sheet.getByLabel('Email').fill(d.careEmail)
  await sheet.getByLabel('Months').fill('12')
  await sheet.getByLabel('Given by').selectOption('Manufacturer')

  for (const [option, values] of [
    ['Colour', ['Black', 'Teal']],
    ['Size', ['S', 'M']],
  ] as const) {
    await sheet.getByLabel('Add an option').selectOption(option)
    await sheet.getByRole('button', { name: 'Add option' }).click()
    for (const value of values) {
      await sheet.getByLabel(`New ${option} value`).fill(value)
      await sheet.getByLabel(`New ${option} value`).press('Enter')
    }
  }
  const rows = ['Black, S', 'Black, M', 'Teal, S', 'Teal, M']
  await expect(sheet.getByRole('rowheader')).toHaveText(rows)
  for (const [i, row] of rows.entries()) {
    await sheet.getByLabel(`Price for ${row}`, { exact: true }).fill(String(2999 + i * 100))
    await sheet.getByLabel(`Stock for ${row}`, { exact: true }).fill('10')
    await sheet
      .getByLabel(`Image for ${row}`, { exact: true })
      .setInputFiles({ name: `band-${i}.webp`, mimeType: 'image/webp', buffer: photo })
  }
  // Each upload has finished once the submit button is enabled again.
  await expect(sheet.getByRole('button', { name: 'Add product' })).toBeEnabled()
  await sheet.getByRole('button', { name: 'Add product' }).click()
  await expect(page.getByText('Product added')).toBeVisible()
  await expect(sheet).toBeHidden()

  await page.getByLabel('Search products').fill(title)
  await page.getByLabel('Search products').press('Enter')
  await expect(page.getByRole('article')).toHaveCount(4)
  await expect(page.getByRole('article', { name: `${title} (Black, S)` })).toBeVisible()
  await expect(
    page
      .getByRole('article', { name: `${title} (Teal, M)` })
      .getByRole('button', { name: /^Edit variants/ }),
  ).toBeVisible()
})
