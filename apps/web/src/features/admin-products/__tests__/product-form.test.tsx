import { type AdminProduct, HSN_CODES, type UploadResponse } from '@techbazaar/shared'
import {
  createAdminProduct,
  fillDeclarations,
  stubObjectUrls,
  undeclared,
} from '@/test/admin-products'
import { testDeclarations } from '@/test/route-helpers'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { ProductForm } from '../components/product-form'

beforeAll(stubObjectUrls)

const options = { category: ['accessories', 'electronics'], brand: ['boat', 'samsung'] }
const upload = vi.fn(async (): Promise<UploadResponse> => ({
  success: true,
  url: '/uploads/u/new.webp',
  variants: { 320: '/uploads/u/new-320.webp' },
}))

const product = createAdminProduct({
  _id: '8d6f0c1e-2b7a-4c1e-9f2d-3a4b5c6d7e8f',
  shortId: 'buds0001',
  image: '/uploads/seed/buds.webp',
  title: 'Airdopes 141',
  description: 'Wireless earbuds.',
  section: 'trending',
  brand: 'boat',
  price: 2999,
  salePrice: 1299,
  totalStock: 40,
  averageReview: 4.2,
  reviewCount: 3,
  username: 'Sound Studio',
  hsn: '851830',
})

async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(
    screen.getByLabelText('Upload Image'),
    new File(['x'], 'a.png', { type: 'image/png' }),
  )
  await screen.findByAltText('Image 1 of 1 (cover)')
  await user.type(screen.getByLabelText('Title'), 'Galaxy Buds 3')
  await user.type(screen.getByLabelText('Description'), 'Noise cancelling earbuds.')
  await user.selectOptions(screen.getByLabelText('Category'), 'electronics')
  await user.selectOptions(screen.getByLabelText('Brand'), 'samsung')
  await user.selectOptions(screen.getByLabelText('Section'), 'top-deals')
  await user.selectOptions(screen.getByLabelText('HSN code'), '851830')
  await user.type(screen.getByLabelText('Price (₹)'), '9999')
  await user.type(screen.getByLabelText('Sale Price (₹)'), '7999.50')
  await fillDeclarations(user, 'Earbuds')
}

// A long form typed key by key: slow on a busy machine.
describe('ProductForm', { timeout: 30_000 }, () => {
  it('keeps Add disabled until every field is filled, then sends typed values', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => {})
    render(<ProductForm options={options} onSubmit={onSubmit} upload={upload} />)
    const add = screen.getByRole('button', { name: 'Add' })
    expect(add).toBeDisabled()

    await fillAll(user)
    expect(add).toBeDisabled() // stock still empty
    await user.type(screen.getByLabelText('Total Stock'), '25')
    expect(add).toBeEnabled()

    await user.click(add)
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit).toHaveBeenCalledWith({
      image: '/uploads/u/new.webp',
      images: ['/uploads/u/new.webp'],
      title: 'Galaxy Buds 3',
      description: 'Noise cancelling earbuds.',
      category: 'electronics',
      brand: 'samsung',
      section: 'top-deals',
      hsn: '851830',
      price: 9999,
      salePrice: 7999.5,
      totalStock: 25,
      // Left empty: the shop's default limit per order applies.
      maxPerOrder: null,
      declarations: { ...testDeclarations, genericName: 'Earbuds' },
      warranty: { months: 12, by: 'Manufacturer' },
    })
  })

  it('asks a new product for its legal declarations, each under its field', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => {})
    render(<ProductForm options={options} onSubmit={onSubmit} upload={upload} />)
    const section = screen.getByRole('group', { name: 'Legal declarations' })
    expect(within(section).getByLabelText('Country of origin')).toHaveValue('India')
    expect(within(section).getByLabelText('Net quantity')).toHaveValue('1 N')
    await fillAll(user)
    await user.clear(screen.getByLabelText('Manufacturer name'))
    await user.selectOptions(screen.getByLabelText('Packed or imported by'), 'importer')
    await user.type(screen.getByLabelText('Total Stock'), '5')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(await screen.findByText('Manufacturer name is required')).toBeInTheDocument()
    expect(screen.getByText('Importer name is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Importer address')).toHaveAttribute('aria-invalid', 'true')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('lets a product from before the declarations be saved without them, saying it stays hidden', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => {})
    const old: AdminProduct = { ...product, ...undeclared }
    render(<ProductForm product={old} options={options} onSubmit={onSubmit} upload={upload} />)
    expect(screen.getByRole('note')).toHaveTextContent(/hidden from the shop until its legal/)
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ warranty: { months: null, by: null } }),
      ),
    )
  })

  it('lists the category’s HSN codes first with their GST rate, and needs one picked', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => {})
    render(<ProductForm options={options} onSubmit={onSubmit} upload={upload} />)
    const hsn = screen.getByRole('combobox', { name: 'HSN code' })
    expect(hsn).toHaveAccessibleDescription('Printed on your GST invoices.')
    // No category yet: every code in one list.
    expect(hsn.querySelectorAll('optgroup')).toHaveLength(0)
    expect(within(hsn).getAllByRole('option')).toHaveLength(HSN_CODES.length + 1)

    await user.selectOptions(screen.getByLabelText('Category'), 'accessories')
    const groups = hsn.querySelectorAll('optgroup')
    expect([...groups].map((g) => g.label)).toEqual(['Accessories', 'Other codes'])
    const own = [...groups[0]!.querySelectorAll('option')].map((o) => o.textContent)
    expect(own).toContain('8518 30 · Earphones, earbuds and headphones · 18% GST')
    expect(own).toContain('8507 60 · Power banks (lithium-ion accumulators) · 18% GST')
    expect(own).not.toContain('8517 13 · Smartphones and mobile phones · 18% GST')
    expect(groups[1]!.querySelectorAll('option')).toHaveLength(
      HSN_CODES.length - groups[0]!.querySelectorAll('option').length,
    )

    // Everything else filled, the HSN code still to pick: Add stays off until it is.
    await fillAll(user)
    await user.type(screen.getByLabelText('Total Stock'), '25')
    await user.selectOptions(hsn, '')
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled()
    await user.selectOptions(hsn, '850760')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ hsn: '850760' })),
    )
  })

  it('shows the server’s HSN error under the field', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'Choose the HSN code from the list', [
        { path: 'hsn', message: 'Choose the HSN code from the list' },
      ])
    })
    render(<ProductForm product={product} options={options} onSubmit={onSubmit} upload={upload} />)
    const hsn = screen.getByLabelText('HSN code')
    expect(hsn).toHaveValue('851830')
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    expect(await screen.findByText('Choose the HSN code from the list')).toBeInTheDocument()
    expect(hsn).toHaveAttribute('aria-invalid', 'true')
    expect(hsn).toHaveAccessibleDescription(
      'Printed on your GST invoices. Choose the HSN code from the list',
    )
  })

  it('shows the schema’s message when the sale price is not below the price', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => {})
    render(<ProductForm options={options} onSubmit={onSubmit} upload={upload} />)
    await fillAll(user)
    await user.clear(screen.getByLabelText('Sale Price (₹)'))
    await user.type(screen.getByLabelText('Sale Price (₹)'), '10000')
    await user.type(screen.getByLabelText('Total Stock'), '1.5')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(await screen.findByText('Total Stock must be a whole number')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Total Stock'))
    await user.type(screen.getByLabelText('Total Stock'), '2')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(
      await screen.findByText('Sale Price must be below Price (or 0 for no sale)'),
    ).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('refuses a product at ₹0 with the schema’s message', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => {})
    render(<ProductForm options={options} onSubmit={onSubmit} upload={upload} />)
    await fillAll(user)
    await user.clear(screen.getByLabelText('Price (₹)'))
    await user.type(screen.getByLabelText('Price (₹)'), '0')
    await user.clear(screen.getByLabelText('Sale Price (₹)'))
    await user.type(screen.getByLabelText('Sale Price (₹)'), '0')
    await user.type(screen.getByLabelText('Total Stock'), '5')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(await screen.findByText('Price must be at least ₹1')).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('is pre-filled on Edit and saves the changes', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => {})
    render(<ProductForm product={product} options={options} onSubmit={onSubmit} upload={upload} />)
    expect(screen.getByLabelText('Title')).toHaveValue('Airdopes 141')
    expect(screen.getByLabelText('Brand')).toHaveValue('boat')
    expect(screen.getByLabelText('Section')).toHaveValue('trending')
    expect(screen.getByLabelText('Sale Price (₹)')).toHaveValue(1299)
    expect(screen.getByAltText('Image 1 of 1 (cover)')).toHaveAttribute('src', product.image)

    await user.clear(screen.getByLabelText('Total Stock'))
    await user.type(screen.getByLabelText('Total Stock'), '0')
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Airdopes 141', totalStock: 0 }),
      ),
    )
  })

  it("shows a seller's waiting home section as its choice, says admins approve, and saves no section", async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => {})
    const waiting = { ...product, section: null, suggestedSection: 'featured' as const }
    const { unmount } = render(
      <ProductForm
        product={waiting}
        options={options}
        onSubmit={onSubmit}
        upload={upload}
        brandHelp={<p>Ask for a brand here</p>}
      />,
    )
    const section = screen.getByLabelText('Section')
    expect(section).toHaveValue('featured')
    expect(section).toHaveAccessibleDescription(
      /Suggested for Featured — waiting for an admin.*an admin approves your suggestion first/,
    )
    expect(screen.getByText('Ask for a brand here')).toBeInTheDocument()
    await user.selectOptions(section, 'No section')
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ section: null })),
    )
    unmount()
    render(<ProductForm product={product} options={options} onSubmit={onSubmit} isAdmin />)
    expect(screen.getByLabelText('Section')).not.toHaveAccessibleDescription(/approves/)
  })

  it('sets a limit per order, or leaves it empty for the shop default', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => {})
    const limited = { ...product, maxPerOrder: 2, orderLimit: 2 }
    render(<ProductForm product={limited} options={options} onSubmit={onSubmit} upload={upload} />)
    const field = screen.getByLabelText('Max per order')
    expect(field).toHaveValue(2)
    await user.clear(field)
    await user.type(field, '0')
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    expect(await screen.findByText('Max per order must be at least 1')).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()

    await user.clear(field)
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ maxPerOrder: null })),
    )
    await user.type(field, '3')
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    await waitFor(() =>
      expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ maxPerOrder: 3 })),
    )
  })

  it('disables Edit again when the image is removed', async () => {
    const user = userEvent.setup()
    render(<ProductForm product={product} options={options} onSubmit={vi.fn()} upload={upload} />)
    expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }))
    expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled()
  })

  it('adds several images, moves them with the keyboard, removes one, and sends them in order', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => {})
    let n = 0
    const numbered = vi.fn(async (): Promise<UploadResponse> => ({
      success: true,
      url: `/uploads/u/img${++n}.webp`,
      variants: {},
    }))
    render(
      <ProductForm product={product} options={options} onSubmit={onSubmit} upload={numbered} />,
    )
    const png = () => new File(['x'], 'a.png', { type: 'image/png' })
    await user.upload(screen.getByLabelText('Upload another image'), png())
    await screen.findByAltText('Image 2 of 2')
    await user.upload(screen.getByLabelText('Upload another image'), png())
    await screen.findByAltText('Image 3 of 3')

    // The newest to the front with the keyboard: it becomes the cover, the focus stays on it.
    const left = screen.getByRole('button', { name: 'Move image 3 left' })
    left.focus()
    await user.keyboard('{Enter}')
    expect(left).toHaveFocus()
    expect(left).toHaveAccessibleName('Move image 2 left')
    await user.click(screen.getByRole('button', { name: 'Move image 2 left' }))
    const first = screen.getByRole('button', { name: 'Move image 1 left' })
    expect(first).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByAltText('Image 1 of 3 (cover)')).toHaveAttribute(
      'src',
      '/uploads/u/img2.webp',
    )
    await user.click(screen.getByRole('button', { name: 'Remove image 3' }))
    expect(screen.queryByAltText('Image 3 of 3')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Edit' }))
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({
          image: '/uploads/u/img2.webp',
          images: ['/uploads/u/img2.webp', product.image],
        }),
      ),
    )
  })

  it('stops at 8 images with a message saying why', async () => {
    const eight = Array.from({ length: 8 }, (_, i) => `/uploads/u/full${i}.webp`)
    render(
      <ProductForm
        product={{ ...product, image: eight[0]!, images: eight }}
        options={options}
        onSubmit={vi.fn()}
        upload={upload}
      />,
    )
    expect(screen.getByText('8 of 8 · the first is the cover')).toBeInTheDocument()
    expect(
      screen.getByText('A product can have at most 8 images. Remove one to add another.'),
    ).toBeInTheDocument()
    expect(screen.queryByLabelText('Upload another image')).not.toBeInTheDocument()
  })
})
