import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from '@/lib/toast'
import { fail, mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'
import { FiltersPanel } from '../components/filters-panel'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))
afterEach(() => {
  vi.unstubAllGlobals()
  vi.mocked(toast.success).mockClear()
  vi.mocked(toast.error).mockClear()
})

const motorola = {
  id: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  brand: 'motorola',
  note: 'We sell Moto G phones',
  status: 'pending',
  reason: null,
  sellerName: 'Moto Mart',
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
}

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input]) => String(input))

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /shop/filter/fetch': () =>
      ok({ data: { category: ['electronics'], brand: ['boat', 'samsung'] } }),
    'GET /admin/brand-requests': () => ok({ data: [motorola] }),
    ...extra,
  })
}

describe('FiltersPanel', () => {
  it("approves a seller's brand request, or declines it with a reason", async () => {
    const user = userEvent.setup()
    const answer = ok({ message: 'done', data: { ...motorola, status: 'approved' } })
    const fetchMock = setup({
      [`POST /admin/brand-requests/approve/${motorola.id}`]: () => answer,
      [`POST /admin/brand-requests/decline/${motorola.id}`]: () => answer,
    })
    renderAt('/admin/products', <FiltersPanel onDone={() => {}} />)
    const requests = await screen.findByRole('list', { name: 'Brand requests' })
    expect(within(requests).getByText(/asked by Moto Mart/)).toBeInTheDocument()
    expect(within(requests).getByText('“We sell Moto G phones”')).toBeInTheDocument()

    await user.click(within(requests).getByRole('button', { name: 'Approve Motorola' }))
    await waitFor(() =>
      expect(calls(fetchMock, 'POST')).toEqual([
        `/api/admin/brand-requests/approve/${motorola.id}`,
      ]),
    )

    await user.click(within(requests).getByRole('button', { name: 'Decline Motorola' }))
    await user.click(within(requests).getByRole('button', { name: 'Decline Motorola' }))
    expect(within(requests).getByRole('alert')).toHaveTextContent('Reason is required')
    await user.type(within(requests).getByLabelText('Reason told to the seller'), 'Unverified')
    await user.click(within(requests).getByRole('button', { name: 'Decline Motorola' }))
    await waitFor(() =>
      expect(sentBodies(fetchMock, `/admin/brand-requests/decline/${motorola.id}`)).toEqual([
        { reason: 'Unverified' },
      ]),
    )
  })

  it("removes a brand, and says the server's reason when products still use it", async () => {
    const user = userEvent.setup()
    const fetchMock = setup({
      'DELETE /admin/filters/brand/boat': () =>
        fail(
          409,
          '2 products use the brand “boat”; move them to another brand or delete them first',
        ),
      'DELETE /admin/filters/brand/samsung': () => ok({ message: 'Removed the brand “samsung”' }),
    })
    renderAt('/admin/products', <FiltersPanel onDone={() => {}} />)
    await user.click(await screen.findByRole('button', { name: 'Remove brand boAt' }))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        '2 products use the brand “boat”; move them to another brand or delete them first',
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Remove brand Samsung' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Removed the brand “samsung”'))
    expect(calls(fetchMock, 'DELETE')).toEqual([
      '/api/admin/filters/brand/boat',
      '/api/admin/filters/brand/samsung',
    ])
  })
})
