import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createUser, mockApi, ok, renderAt } from '@/test/api-helpers'
import { sellerSetup } from '@/test/seller-setup'
import AdminProductsPage from '../pages/admin-products-page'

const SELLER = { user: createUser({ role: 'admin', type: 'vendor', vendorStatus: 'Pending' }) }
const ADMIN = { user: createUser({ role: 'admin', type: 'admin' }) }
const NO_PRODUCTS = () => ok({ data: [], total: 0, page: 1, limit: 24, incomplete: 0 })
const HALF_DONE = sellerSetup({
  businessAddress: 'done',
  pickupAddress: 'done',
  payoutAccount: 'todo',
  gstin: 'waiting',
})

afterEach(() => vi.unstubAllGlobals())

describe('the products page, a seller’s first screen', () => {
  it('shows a new seller its setup checklist above its products', async () => {
    mockApi({
      'GET /auth/check-auth': () => ok(SELLER),
      'GET /admin/products/get': NO_PRODUCTS,
      'GET /admin/seller-setup': () => ok({ data: HALF_DONE }),
    })
    renderAt('/admin/products', <AdminProductsPage />)
    const card = await screen.findByRole('region', { name: 'Set up your store' })
    expect(within(card).getByText('2 of 4 done')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: /^Add bank account/ })).toHaveAttribute(
      'href',
      '/admin/earnings',
    )
    expect(await screen.findByText('No products yet')).toBeInTheDocument()
  })

  it('does not ask for a checklist for an admin, who sells nothing', async () => {
    const fetchMock = mockApi({
      'GET /auth/check-auth': () => ok(ADMIN),
      'GET /admin/products/get': NO_PRODUCTS,
    })
    renderAt('/admin/products', <AdminProductsPage />)
    // The page knows the caller is an admin (its count says so) and asked for no checklist.
    expect(await screen.findByText('0 products from all sellers')).toBeInTheDocument()
    const asked = fetchMock.mock.calls.map(([input]) => String(input))
    expect(asked).not.toContain('/api/admin/seller-setup')
    expect(screen.queryByRole('region', { name: 'Set up your store' })).not.toBeInTheDocument()
  })
})
