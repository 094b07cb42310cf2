import type { AdminProduct } from '@techbazaar/shared'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createUser, mockApi, ok, renderAt } from '@/test/api-helpers'
import { createProduct, testDeclarations } from '@/test/route-helpers'
import AdminProductsPage from '../pages/admin-products-page'

function adminProduct(title: string, complete: boolean): AdminProduct {
  const blank = Object.fromEntries(Object.keys(testDeclarations).map((k) => [k, null]))
  return {
    ...createProduct({ title }),
    listed: complete,
    maxPerOrder: null,
    hsn: '851713',
    declarations: complete ? testDeclarations : (blank as AdminProduct['declarations']),
    warranty: complete ? { months: 12, by: 'Manufacturer' } : { months: null, by: null },
    declarationsComplete: complete,
  }
}

afterEach(() => vi.unstubAllGlobals())

describe('AdminProductsPage', () => {
  it('says how many products are hidden until their legal declarations are complete, and shows only them', async () => {
    const user = userEvent.setup()
    mockApi({
      'GET /auth/check-auth': () =>
        ok({ user: createUser({ role: 'admin', type: 'vendor', vendorStatus: 'Approved' }) }),
      'GET /admin/products/get': () =>
        ok({
          data: [
            adminProduct('Declared Phone', true),
            adminProduct('Old Phone', false),
            adminProduct('Old Buds', false),
          ],
        }),
    })
    renderAt('/admin/products', <AdminProductsPage />)
    expect(
      await screen.findByText(
        '2 products are hidden from the shop until their legal declarations are complete.',
      ),
    ).toBeInTheDocument()
    const old = screen.getByRole('article', { name: 'Old Phone' })
    expect(within(old).getByText('Declarations missing')).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(3)

    await user.click(screen.getByRole('button', { name: 'Show them' }))
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Old Phone',
      'Old Buds',
    ])
    await user.click(screen.getByRole('button', { name: 'Show all products' }))
    expect(screen.getAllByRole('article')).toHaveLength(3)
  })

  it('shows no banner when every product is declared', async () => {
    mockApi({
      'GET /admin/products/get': () => ok({ data: [adminProduct('Declared Phone', true)] }),
    })
    renderAt('/admin/products', <AdminProductsPage />)
    expect(await screen.findByRole('article', { name: 'Declared Phone' })).toBeInTheDocument()
    expect(screen.queryByText(/hidden from the shop/)).not.toBeInTheDocument()
  })
})
