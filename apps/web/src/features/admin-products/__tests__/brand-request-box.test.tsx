import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'
import { BrandRequestBox } from '../components/brand-request-box'

afterEach(() => vi.unstubAllGlobals())

const request = (brand: string, status: string, reason: string | null = null) => ({
  id: crypto.randomUUID(),
  brand,
  note: null,
  status,
  reason,
  sellerName: 'Moto Mart',
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: status === 'pending' ? null : '2026-11-21T10:00:00.000Z',
})

describe('BrandRequestBox', () => {
  it("sends a seller's request for a missing brand and lists its requests with their status", async () => {
    const user = userEvent.setup()
    const fetchMock = mockApi({
      'GET /admin/brand-requests': () =>
        ok({
          data: [request('lava', 'pending'), request('noname', 'declined', 'Not a real brand')],
        }),
      'POST /admin/brand-requests': () => ({
        status: 201,
        body: {
          success: true,
          message: 'Request sent: an admin will look at it',
          data: request('motorola', 'pending'),
        },
      }),
    })
    renderAt('/admin/products', <BrandRequestBox />)
    const list = await screen.findByRole('list', { name: 'Your brand requests' })
    expect(within(list).getByText('Waiting for an admin')).toBeInTheDocument()
    expect(within(list).getByText('Declined')).toBeInTheDocument()
    expect(within(list).getByText('Reason: Not a real brand')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Brand not listed? Ask for it' }))
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Brand is required')
    await user.type(screen.getByLabelText('Brand name'), 'Motorola')
    await user.type(screen.getByLabelText('Note for the admins (optional)'), 'Moto G phones')
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    await waitFor(() =>
      expect(sentBodies(fetchMock, '/admin/brand-requests')).toEqual([
        { brand: 'motorola', note: 'Moto G phones' },
      ]),
    )
    expect(
      await screen.findByRole('button', { name: 'Brand not listed? Ask for it' }),
    ).toBeInTheDocument()
  })

  it("shows the server's refusal, e.g. a brand the list already has", async () => {
    const user = userEvent.setup()
    mockApi({
      'GET /admin/brand-requests': () => ok({ data: [] }),
      'POST /admin/brand-requests': () =>
        fail(409, '“samsung” is already in the brand list: pick it in the form'),
    })
    renderAt('/admin/products', <BrandRequestBox />)
    await user.click(screen.getByRole('button', { name: 'Brand not listed? Ask for it' }))
    await user.type(screen.getByLabelText('Brand name'), 'Samsung')
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“samsung” is already in the brand list: pick it in the form',
    )
  })
})
