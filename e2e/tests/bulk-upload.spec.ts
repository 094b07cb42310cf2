import { readFile } from 'node:fs/promises'
import { expect, PRODUCT_DECLARATIONS, signIn, test } from './fixtures'

/**
 * A seller's product file (issue 32.9, decision 095): the template, a file checked row by row
 * with its problems and the error report, the good rows saved; then stock changed from the
 * seller's own product list.
 */
const csvCell = (value: string | number) => {
  const text = String(value)
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

test('a seller checks a product file, uploads its good row and changes stock in bulk', async ({
  page,
}) => {
  const title = `Orbit Bulk Speaker ${Date.now().toString(36)}`
  await signIn(page, 'seller@demo.test')
  await expect(page).toHaveURL(/\/admin\/products$/)
  // An image already in the shop's storage: one of the seller's own products'.
  const mine = (await (await page.request.get('/api/admin/products/get?limit=1')).json()) as {
    data: { image: string }[]
  }
  const image = mine.data[0]!.image

  await page.getByRole('button', { name: 'Bulk upload' }).click()
  const dialog = page.getByRole('dialog', { name: 'Bulk upload' })
  const download = page.waitForEvent('download')
  await dialog.getByRole('link', { name: /Download template/ }).click()
  const template = await readFile(await (await download).path(), 'utf8')
  const header = template.split(/\r?\n/)[0]!
  expect(header).toMatch(/^id,sku,title,description,category,brand,/)

  const d = PRODUCT_DECLARATIONS.declarations
  const row = (name: string, price: string) => {
    const values: Record<string, string | number> = {
      title: name,
      description: 'A speaker added from a product file by the e2e suite.',
      category: 'electronics',
      brand: 'boat',
      hsn: '851822',
      price,
      salePrice: '',
      totalStock: 12,
      images: image,
      manufacturerName: d.manufacturerName,
      manufacturerAddress: d.manufacturerAddress,
      packerRole: 'manufacturer',
      countryOfOrigin: 'India',
      genericName: 'Bluetooth speaker',
      netQuantity: '1 N',
      careName: d.careName,
      careAddress: d.careAddress,
      carePhone: d.carePhone,
      careEmail: d.careEmail,
      warrantyMonths: 12,
      warrantyBy: 'Manufacturer',
    }
    return header
      .split(',')
      .map((column) => csvCell(values[column] ?? ''))
      .join(',')
  }
  const csv = [header, row(title, '2499'), row(`${title} without a price`, '')].join('\n')
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  })

  await dialog.getByRole('button', { name: 'Check file' }).click()
  await expect(dialog.getByText('Rows with problems would be left out')).toBeVisible()
  const problems = dialog.getByRole('table', { name: 'Rows with problems' })
  await expect(problems.getByRole('row')).toHaveCount(2)
  await expect(problems.getByRole('cell', { name: '3', exact: true })).toBeVisible()
  await expect(problems.getByRole('cell', { name: 'price', exact: true })).toBeVisible()

  const report = page.waitForEvent('download')
  await dialog.getByRole('button', { name: /Download error report/ }).click()
  const reported = await readFile(await (await report).path(), 'utf8')
  expect(reported).toContain(`${title} without a price`)
  expect(reported.split(/\r?\n/)[0]).toMatch(/,error$/)

  await dialog.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(dialog.getByText('Rows with problems were left out')).toBeVisible()

  // Stock and prices: the seller's products as a file, one stock changed, sent back.
  await dialog.getByRole('tab', { name: 'Stock and prices' }).click()
  const listDownload = page.waitForEvent('download')
  await dialog.getByRole('link', { name: /Download your products/ }).click()
  const list = (await readFile(await (await listDownload).path(), 'utf8')).split(/\r?\n/)
  const line = list.find((text) => text.includes(title))
  expect(line, 'the new product is in the seller’s list').toBeTruthy()
  const changed = line!.replace(/,12$/, ',40')
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'stock.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([list[0], changed].join('\n')),
  })
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(dialog.getByText('Every row was saved.')).toBeVisible()
  await page.keyboard.press('Escape')

  await page.getByLabel('Search products').fill(title)
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible()
  const found = (await (
    await page.request.get(`/api/shop/search/${encodeURIComponent(title)}`)
  ).json()) as { data: { title: string; totalStock: number; price: number }[] }
  const product = found.data.find((p) => p.title === title)
  expect(product?.totalStock).toBe(40)
  expect(product?.price).toBe(2499)
})
