import type { AdminFamily, FamilyValues, UploadResponse } from '@techbazaar/shared'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { mockApi, ok, renderAt, sentBodies, createUser } from '@/test/api-helpers'
import { createAdminProduct, fillDeclarations, stubObjectUrls } from '@/test/admin-products'
import { FamilyForm } from '../components/family-form'
import AdminProductsPage from '../pages/admin-products-page'

beforeAll(stubObjectUrls)
afterEach(() => vi.unstubAllGlobals())

const options = { category: ['electronics'], brand: ['apple'] }
const upload = vi.fn(async (): Promise<UploadResponse> => ({
  success: true,
  url: '/uploads/u/new.webp',
  variants: {},
}))
type User = ReturnType<typeof userEvent.setup>

async function addOption(user: User, name: string, values: string[]) {
  await user.selectOptions(screen.getByLabelText('Add an option'), name)
  await user.click(screen.getByRole('button', { name: 'Add option' }))
  for (const value of values) {
    await user.type(screen.getByLabelText(`New ${name} value`), `${value}{Enter}`)
  }
}

/** The shared fields: the product form's own (title to warranty). */
async function fillShared(user: User) {
  await user.type(screen.getByLabelText('Title'), 'Apple iPhone 16')
  await user.type(screen.getByLabelText('Description'), 'A phone.')
  await user.selectOptions(screen.getByLabelText('Category'), 'electronics')
  await user.selectOptions(screen.getByLabelText('Brand'), 'apple')
  await user.selectOptions(screen.getByLabelText('HSN code'), '851713')
  await fillDeclarations(user, 'Smartphone')
}

// A long form typed key by key: slow on a busy machine.
describe('FamilyForm', { timeout: 60_000 }, () => {
  it('makes one row per combination of two options, and removing a value removes its rows', async () => {
    const user = userEvent.setup()
    render(<FamilyForm options={options} onSubmit={vi.fn()} upload={upload} />)
    expect(screen.getByText('The variants appear here once an option has values.')).toBeVisible()
    await addOption(user, 'Colour', ['Blue', 'Black'])
    await addOption(user, 'Storage', ['128 GB', '256 GB'])
    const grid = screen.getByRole('region', { name: 'Variants' })
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Blue, 128 GB', 'Blue, 256 GB', 'Black, 128 GB', 'Black, 256 GB'])
    // Each cell is named for its variant.
    expect(screen.getByLabelText('Price for Blue, 256 GB')).toBeInTheDocument()
    expect(screen.getByLabelText('Stock for Black, 128 GB')).toBeInTheDocument()

    // Typed prices stay with their row when another value is added.
    await user.type(screen.getByLabelText('Price for Blue, 128 GB'), '69900')
    await user.type(screen.getByLabelText('New Storage value'), '512 GB{Enter}')
    expect(within(grid).getAllByRole('rowheader')).toHaveLength(6)
    expect(screen.getByLabelText('Price for Blue, 128 GB')).toHaveValue(69900)

    await user.click(screen.getByRole('button', { name: 'Remove Black' }))
    expect(within(grid).getAllByRole('rowheader')).toHaveLength(3)
  })

  it('shows a cell error next to its cell and sends nothing', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    render(<FamilyForm options={options} onSubmit={onSubmit} upload={upload} />)
    await addOption(user, 'Size', ['M'])
    await user.type(screen.getByLabelText('Price for M'), '0')
    await user.type(screen.getByLabelText('Stock for M'), '1.5')
    await user.click(screen.getByRole('button', { name: 'Add product' }))
    const price = screen.getByLabelText('Price for M')
    await waitFor(() => expect(price).toHaveAttribute('aria-invalid', 'true'))
    expect(price).toHaveAccessibleDescription('Price must be at least ₹1')
    expect(screen.getByLabelText('Stock for M')).toHaveAccessibleDescription(
      'Stock must be a whole number',
    )
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('sends the familyBody payload: shared fields, options with swatches, a row per variant', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async (_: FamilyValues) => undefined)
    render(<FamilyForm options={options} onSubmit={onSubmit} upload={upload} />)
    await fillShared(user)
    await addOption(user, 'Colour', ['Blue'])
    fireEvent.change(screen.getByLabelText('Swatch for Blue'), { target: { value: '#1f2a44' } })
    await addOption(user, 'Storage', ['128 GB', '256 GB'])
    for (const storage of ['128 GB', '256 GB']) {
      const label = `Blue, ${storage}`
      await user.type(screen.getByLabelText(`SKU for ${label}`), `IP16-${storage.slice(0, 3)}`)
      await user.type(screen.getByLabelText(`Price for ${label}`), '79900')
      await user.type(screen.getByLabelText(`Stock for ${label}`), '4')
      await user.upload(
        screen.getByLabelText(`Image for ${label}`),
        new File(['x'], 'a.png', { type: 'image/png' }),
      )
    }
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(2))
    await user.click(screen.getByRole('button', { name: 'Add product' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    const body = onSubmit.mock.calls[0]?.[0]
    expect(body?.product).toMatchObject({
      title: 'Apple iPhone 16',
      category: 'electronics',
      brand: 'apple',
      hsn: '851713',
      section: null,
    })
    expect(body?.options).toEqual([
      { name: 'Colour', values: [{ value: 'Blue', swatch: '#1f2a44' }] },
      {
        name: 'Storage',
        values: [
          { value: '128 GB', swatch: null },
          { value: '256 GB', swatch: null },
        ],
      },
    ])
    expect(body?.variants).toEqual([
      {
        optionValues: { Colour: 'Blue', Storage: '128 GB' },
        sku: 'IP16-128',
        image: '/uploads/u/new.webp',
        price: 79900,
        salePrice: 0,
        totalStock: 4,
        hsn: null,
      },
      {
        optionValues: { Colour: 'Blue', Storage: '256 GB' },
        sku: 'IP16-256',
        image: '/uploads/u/new.webp',
        price: 79900,
        salePrice: 0,
        totalStock: 4,
        hsn: null,
      },
    ])
  })
})

const FAMILY_ID = '5b1c7a2e-0f3d-4e8a-9b6c-1d2e3f4a5b6c'
const VARIANT_IDS = ['0c6e2f1a-1111-4a1b-8c2d-3e4f5a6b7c8d', '0c6e2f1a-2222-4a1b-8c2d-3e4f5a6b7c8d']

const variantProduct = () =>
  createAdminProduct({
    _id: VARIANT_IDS[0] ?? '',
    title: 'Apple iPhone 15 (Black, 128 GB)',
    brand: 'apple',
    description: 'A phone.',
    familyId: FAMILY_ID,
  })

const family: AdminFamily = {
  id: FAMILY_ID,
  title: 'Apple iPhone 15',
  options: [
    { name: 'Colour', values: [{ value: 'Black', swatch: '#1f1f1f' }] },
    {
      name: 'Storage',
      values: [
        { value: '128 GB', swatch: null },
        { value: '256 GB', swatch: null },
      ],
    },
  ],
  variants: ['128 GB', '256 GB'].map((storage, i) => ({
    _id: VARIANT_IDS[i] ?? '',
    optionValues: { Colour: 'Black', Storage: storage },
    sku: `IP15-BLK-${storage.slice(0, 3)}`,
    image: '/uploads/u/black.webp',
    price: 69900 + i * 10000,
    salePrice: 0,
    totalStock: 5,
    hsn: '851713',
    listed: true,
  })),
}

describe('Edit variants', { timeout: 60_000 }, () => {
  it('opens the form filled from the family and saves it with each variant id', async () => {
    const user = userEvent.setup()
    const fetchMock = mockApi({
      'GET /auth/check-auth': () =>
        ok({ user: createUser({ role: 'admin', type: 'vendor', vendorStatus: 'Approved' }) }),
      'GET /admin/products/get': () =>
        ok({ data: [variantProduct()], total: 1, page: 1, limit: 24, incomplete: 0, suggested: 0 }),
      'GET /shop/filter/fetch': () => ok({ data: options }),
      [`GET /admin/products/families/${FAMILY_ID}`]: () => ok({ data: family }),
      [`PUT /admin/products/families/${FAMILY_ID}`]: () =>
        ok({ message: 'Product updated', data: family }),
    })
    renderAt('/admin/products', <AdminProductsPage />)
    await user.click(await screen.findByRole('button', { name: /^Edit variants/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit variants' })
    expect(await within(dialog).findByLabelText('Title')).toHaveValue('Apple iPhone 15')
    expect(within(dialog).getByLabelText('Price for Black, 256 GB')).toHaveValue(79900)
    expect(within(dialog).getByLabelText('SKU for Black, 128 GB')).toHaveValue('IP15-BLK-128')

    // A blank SKU is sent as none (the schema's null is not an input it takes back).
    await user.clear(within(dialog).getByLabelText('SKU for Black, 128 GB'))
    await user.click(within(dialog).getByRole('button', { name: 'Remove Black, 256 GB' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save variants' }))
    await waitFor(() =>
      expect(sentBodies(fetchMock, `/admin/products/families/${FAMILY_ID}`)).toHaveLength(1),
    )
    const [body] = sentBodies(fetchMock, `/admin/products/families/${FAMILY_ID}`) as FamilyValues[]
    expect(body?.product.title).toBe('Apple iPhone 15')
    expect(body?.variants).toEqual([
      expect.objectContaining({ id: VARIANT_IDS[0], price: 69900, hsn: null }),
    ])
    expect(body?.variants[0]).not.toHaveProperty('sku')
    expect(await screen.findByText('Product updated')).toBeInTheDocument()
  })
})
