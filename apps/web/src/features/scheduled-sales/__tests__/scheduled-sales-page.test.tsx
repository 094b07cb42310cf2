import type { ScheduledSaleView } from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import ScheduledSalesPage from '../pages/scheduled-sales-page'
import { createUser } from '@/test/api-helpers'
import { jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'

// The Sales screen (decision 092): the list with its states, the New sale form with its product
// picker, and ending a running sale after a confirmation.

afterEach(() => vi.unstubAllGlobals())

const seller = createUser({ role: 'admin', type: 'vendor', vendorStatus: 'Approved' })
const PRODUCT_ID = '6f1c2b9e-1d2a-4c3b-8e4f-5a6b7c8d9e0f'

const sale = (over: Partial<ScheduledSaleView>): ScheduledSaleView => ({
  _id: crypto.randomUUID(),
  productId: PRODUCT_ID,
  productTitle: 'Galaxy Buds3 Pro',
  sellerId: seller.id,
  sellerName: seller.userName,
  price: 19_999,
  salePrice: 15_999,
  startsAt: '2026-12-01T00:00:00.000Z',
  endsAt: '2026-12-08T00:00:00.000Z',
  status: 'upcoming',
  endedAt: null,
  ...over,
})

/** Answers the page's calls; `list` is what the sales list answers (or a status to fail with). */
function serve(list: ScheduledSaleView[] | number) {
  const sent: { method: string; path: string; body: unknown }[] = []
  mockFetch((url, init) => {
    const method = init?.method ?? 'GET'
    if (url.pathname === '/api/auth/check-auth')
      return jsonResponse({ success: true, user: seller })
    if (method !== 'GET') {
      sent.push({
        method,
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : null,
      })
    }
    if (url.pathname === '/api/admin/scheduled-sales' && method === 'GET') {
      return typeof list === 'number'
        ? jsonResponse({ success: false, message: 'Something went wrong' }, list)
        : jsonResponse({ success: true, data: list })
    }
    if (url.pathname === '/api/admin/products/get') {
      const q = url.searchParams.get('q') ?? ''
      const products = [{ _id: PRODUCT_ID, title: 'Galaxy Buds3 Pro', price: 19_999 }]
      return jsonResponse({
        success: true,
        data: products.filter((p) => p.title.toLowerCase().includes(q.toLowerCase())),
        total: 1,
        page: 1,
        limit: 20,
        incomplete: 0,
        suggested: 0,
      })
    }
    if (url.pathname === '/api/admin/scheduled-sales' && method === 'POST') {
      return jsonResponse({ success: true, data: sale({}) }, 201)
    }
    if (url.pathname.endsWith('/cancel')) {
      return jsonResponse({ success: true, data: sale({ status: 'cancelled' }) })
    }
    return undefined
  })
  return sent
}

describe('the Sales screen', () => {
  it('says so when there is no sale yet', async () => {
    serve([])
    renderRoute(<ScheduledSalesPage />)
    expect(await screen.findByText('No scheduled sales yet')).toBeInTheDocument()
  })

  it('offers a retry when the list cannot be loaded', async () => {
    serve(500)
    renderRoute(<ScheduledSalesPage />)
    expect(await screen.findByText('We could not load the sales.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeInTheDocument()
  })

  it('lists sales with their status, and edits only one not started', async () => {
    serve([
      sale({ status: 'upcoming', productTitle: 'Lamp' }),
      sale({ status: 'running', productTitle: 'Buds' }),
      sale({ status: 'ended', productTitle: 'Phone' }),
    ])
    renderRoute(<ScheduledSalesPage />)
    const rows = await screen.findAllByRole('row')
    expect(rows).toHaveLength(4)
    expect(within(rows[1]!).getByText('Upcoming')).toBeInTheDocument()
    expect(within(rows[2]!).getByText('Running')).toBeInTheDocument()
    expect(within(rows[3]!).getByText('Ended')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Edit the sale on Lamp' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit the sale on Buds' })).toBeNull()
    expect(screen.getByRole('button', { name: 'End now the sale on Buds' })).toBeInTheDocument()
    expect(within(rows[3]!).queryAllByRole('button')).toHaveLength(0)
  })

  it('schedules a new sale on a product found by its title', async () => {
    const sent = serve([])
    renderRoute(<ScheduledSalesPage />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'New sale' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByLabelText('Product'), 'buds')
    await user.click(await within(dialog).findByRole('button', { name: /Galaxy Buds3 Pro/ }))
    // At or above the product's price is refused before anything is sent.
    await user.type(within(dialog).getByLabelText('Sale price (₹)'), '20000')
    await user.click(within(dialog).getByRole('button', { name: 'Save sale' }))
    expect(
      await within(dialog).findByText(/must be below the product’s price of ₹19,999/),
    ).toBeInTheDocument()
    expect(sent).toEqual([])

    await user.clear(within(dialog).getByLabelText('Sale price (₹)'))
    await user.type(within(dialog).getByLabelText('Sale price (₹)'), '15999')
    await user.click(within(dialog).getByRole('button', { name: 'Save sale' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/admin/scheduled-sales',
      body: { productId: PRODUCT_ID, salePrice: 15_999 },
    })
    const body = sent[0]!.body as { startsAt: string; endsAt: string }
    expect(Date.parse(body.endsAt) - Date.parse(body.startsAt)).toBe(7 * 86_400_000)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('ends a running sale only after the confirmation', async () => {
    const running = sale({ status: 'running' })
    const sent = serve([running])
    renderRoute(<ScheduledSalesPage />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: /End now/ }))
    const confirm = await screen.findByRole('alertdialog')
    expect(within(confirm).getByText(/goes back to the price it had before/)).toBeInTheDocument()
    await user.click(within(confirm).getByRole('button', { name: 'Keep the sale' }))
    expect(sent).toEqual([])

    await user.click(screen.getByRole('button', { name: /End now/ }))
    await user.click(await screen.findByRole('button', { name: 'End the sale' }))
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'POST', path: `/api/admin/scheduled-sales/${running._id}/cancel`, body: null },
      ]),
    )
  })
})
