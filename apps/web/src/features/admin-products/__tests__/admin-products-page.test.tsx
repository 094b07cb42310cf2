import type { AdminProduct } from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createUser, mockApi, ok, renderAt } from '@/test/api-helpers'
import { createAdminProduct, undeclared } from '@/test/admin-products'
import AdminProductsPage from '../pages/admin-products-page'

const adminProduct = (title: string, complete: boolean) =>
  createAdminProduct({ title, ...(complete ? {} : undeclared) })

/** A page of the list as the server answers it. */
const page = (data: AdminProduct[], extra: Record<string, number> = {}) =>
  ok({
    data,
    total: data.length,
    page: 1,
    limit: 24,
    incomplete: data.filter((p) => !p.declarationsComplete).length,
    suggested: 0,
    ...extra,
  })

const SELLER = { user: createUser({ role: 'admin', type: 'vendor', vendorStatus: 'Approved' }) }
const ADMIN = { user: createUser({ role: 'admin', type: 'admin' }) }

/** The list requests' query strings, in order. */
const listQueries = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/products/get')
    .map((url) => url.search)

afterEach(() => vi.unstubAllGlobals())

describe('AdminProductsPage', () => {
  it('says how many products are hidden until their legal declarations are complete, and asks the server for only them', async () => {
    const user = userEvent.setup()
    const fetchMock = mockApi({
      'GET /auth/check-auth': () => ok(SELLER),
      'GET /admin/products/get': () =>
        page([
          adminProduct('Declared Phone', true),
          adminProduct('Old Phone', false),
          adminProduct('Old Buds', false),
        ]),
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
    await waitFor(() => expect(listQueries(fetchMock)).toContain('?status=incomplete'))
    expect(screen.getByLabelText('Status')).toHaveValue('incomplete')
    await user.click(screen.getByRole('button', { name: 'Show all products' }))
    expect(screen.getByLabelText('Status')).toHaveValue('')
  })

  it("tells admins of sellers' suggested home sections and approves one from its card", async () => {
    const user = userEvent.setup()
    const waiting = { ...adminProduct('Moto G85', true), suggestedSection: 'top-deals' as const }
    const fetchMock = mockApi({
      'GET /auth/check-auth': () => ok(ADMIN),
      'GET /admin/vendors': () => ok({ data: [] }),
      'GET /admin/brand-requests': () => ok({ data: [] }),
      'GET /admin/products/get': () => page([waiting], { suggested: 1 }),
      [`POST /admin/products/section/approve/${waiting._id}`]: () =>
        ok({ message: 'Section suggestion approved', data: waiting }),
    })
    renderAt('/admin/products', <AdminProductsPage />)
    expect(await screen.findByText('1 product is suggested for the home page.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show it' }))
    await waitFor(() => expect(listQueries(fetchMock)).toContain('?status=suggested'))
    const card = screen.getByRole('article', { name: 'Moto G85' })
    expect(within(card).getByText('Suggested for Top Deals — waiting for an admin')).toBeVisible()
    await user.click(within(card).getByRole('button', { name: 'Approve section for Moto G85' }))
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([input, init]) =>
            init?.method === 'POST' &&
            String(input) === `/api/admin/products/section/approve/${waiting._id}`,
        ),
      ).toBe(true),
    )
  })

  it('shows no banner when every product is declared', async () => {
    mockApi({
      'GET /admin/products/get': () => page([adminProduct('Declared Phone', true)]),
    })
    renderAt('/admin/products', <AdminProductsPage />)
    expect(await screen.findByRole('article', { name: 'Declared Phone' })).toBeInTheDocument()
    expect(screen.queryByText(/hidden from the shop/)).not.toBeInTheDocument()
  })

  it('pages through thousands of products, the count from the server', async () => {
    const user = userEvent.setup()
    const fetchMock = mockApi({
      'GET /auth/check-auth': () => ok(ADMIN),
      'GET /admin/vendors': () => ok({ data: [] }),
      'GET /admin/products/get': () =>
        page(
          Array.from({ length: 24 }, (_, i) => adminProduct(`Phone ${i}`, true)),
          { total: 3_210 },
        ),
    })
    renderAt('/admin/products', <AdminProductsPage />)
    expect(await screen.findByText('3,210 products from all sellers')).toBeInTheDocument()
    expect(screen.getByText('1–24 of 3,210 products')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /Next/ }))
    await waitFor(() => expect(listQueries(fetchMock)).toContain('?page=2'))
  })

  it('searches as the admin types, and narrows by status and seller', async () => {
    const user = userEvent.setup()
    const sellerId = '4f0c6d1e-8c1a-4d2b-9f3e-2a1b3c4d5e6f'
    const fetchMock = mockApi({
      'GET /auth/check-auth': () => ok(ADMIN),
      'GET /admin/vendors': () =>
        ok({
          data: [
            { _id: sellerId, userName: 'Moto Mart', email: 'moto@example.in' },
            { _id: crypto.randomUUID(), userName: 'Asha Audio', email: 'asha@example.in' },
          ],
        }),
      'GET /admin/products/get': () => page([adminProduct('Moto G85', true)]),
    })
    renderAt('/admin/products', <AdminProductsPage />)
    await screen.findByRole('article', { name: 'Moto G85' })
    await user.type(screen.getByLabelText('Search products'), 'moto')
    await waitFor(() => expect(listQueries(fetchMock)).toContain('?q=moto'), { timeout: 2000 })
    await user.selectOptions(screen.getByLabelText('Status'), 'out-of-stock')
    await waitFor(() => expect(listQueries(fetchMock)).toContain('?q=moto&status=out-of-stock'))
    await screen.findByRole('option', { name: 'Moto Mart (moto@example.in)' })
    await user.selectOptions(screen.getByLabelText('Seller'), sellerId)
    await waitFor(() =>
      expect(listQueries(fetchMock)).toContain(`?q=moto&status=out-of-stock&sellerId=${sellerId}`),
    )
  })

  it('says when nothing matches and clears the filters', async () => {
    const user = userEvent.setup()
    const fetchMock = mockApi({
      'GET /auth/check-auth': () => ok(SELLER),
      'GET /admin/products/get': () => page([]),
    })
    renderAt('/admin/products?status=out-of-stock', <AdminProductsPage />)
    expect(await screen.findByText('No products match')).toBeInTheDocument()
    expect(screen.queryByLabelText('Seller')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toBe(''))
    expect(await screen.findByText('No products yet')).toBeInTheDocument()
  })
})
