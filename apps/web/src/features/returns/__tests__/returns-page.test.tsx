import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createUser, fail, mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'
import ReturnsPage from '../pages/returns-page'
import { adminReturn, page } from './fixtures'

const admin = () => ok({ user: createUser({ role: 'admin', type: 'admin', userName: 'Admin' }) })
const seller = () => ok({ user: createUser({ role: 'admin', type: 'vendor' }) })

/** The query strings the page asked the returns list with, in order. */
const listQueries = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/returns')
    .map((url) => url.search)

/** The desk table's row of `orderNumber` (the phone cards hold the same, hidden by CSS). */
async function rowOf(orderNumber: string) {
  const table = await screen.findByRole('table', { name: 'Returns' })
  return within(table).getByRole('row', { name: new RegExp(orderNumber) })
}

const overdue = adminReturn(1, {
  overdue: true,
  note: 'Screen flickers after a day',
  photos: ['/uploads/return-1.webp', '/uploads/return-2.webp'],
})
const approved = adminReturn(2, {
  status: 'approved',
  reason: 'wrongItem',
  decideBy: '2026-11-30T06:30:00.000Z',
  pickup: { courier: 'SANDBOX', awb: 'SBXR000000777', labelUrl: '/sandbox-courier/x/label' },
  next: ['received', 'rejected'],
})

describe('ReturnsPage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('lists the open returns with their facts, photos and pickup, and flags the overdue one', async () => {
    const fetchMock = mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/returns': () => ok(page([overdue, approved])),
    })
    renderAt('/admin/returns', <ReturnsPage />)

    const first = await rowOf('TB-10301')
    expect(listQueries(fetchMock)).toEqual(['?filter=open&page=1'])
    for (const text of [
      'Asha Rao',
      'Seller: Tech Tokri',
      '₹1,998',
      'Defective',
      'Return requested',
    ]) {
      expect(within(first).getByText(text)).toBeInTheDocument()
    }
    expect(within(first).getByText('Redmi 13C').closest('li')).toHaveTextContent('Redmi 13C× 2')
    expect(within(first).getByText(/Screen flickers after a day/)).toBeInTheDocument()
    expect(within(first).getByText('Overdue')).toBeInTheDocument()
    expect(within(first).getByText('22 Nov 2026')).toHaveAttribute('datetime', overdue.decideBy)
    // Each photo is a thumbnail that opens the full-size image.
    const photos = within(first).getAllByRole('link', { name: /^Photo \d of 2/ })
    expect(photos.map((link) => link.getAttribute('href'))).toEqual(overdue.photos)
    expect(photos[0]).toHaveAttribute('target', '_blank')
    expect(within(first).getByRole('button', { name: /^Approve/ })).toBeInTheDocument()
    expect(within(first).getByRole('button', { name: /^Reject/ })).toBeInTheDocument()

    const second = await rowOf('TB-10302')
    expect(within(second).queryByText('Overdue')).not.toBeInTheDocument()
    expect(within(second).getByText('AWB SBXR000000777')).toBeInTheDocument()
    expect(within(second).getByText('Wrong item')).toBeInTheDocument()
    expect(within(second).getByRole('button', { name: /^Mark received/ })).toBeInTheDocument()
    expect(within(second).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument()
  })

  it('switches filters on the server, and opens on the one in the address', async () => {
    const fetchMock = mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/returns': () => ok(page([overdue])),
    })
    const user = userEvent.setup()
    renderAt('/admin/returns?filter=overdue', <ReturnsPage />)
    await rowOf('TB-10301')
    expect(listQueries(fetchMock)).toEqual(['?filter=overdue&page=1'])
    expect(screen.getByRole('button', { name: 'Overdue' })).toHaveAttribute('aria-pressed', 'true')

    await user.click(screen.getByRole('button', { name: 'Closed' }))
    await waitFor(() => expect(listQueries(fetchMock)).toContain('?filter=closed&page=1'))
    expect(screen.getByRole('button', { name: 'Closed' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: 'Overdue' })).toHaveAttribute('aria-pressed', 'false')
  })

  it('approves with {status: "approved"} and refreshes the list', async () => {
    let listed = 0
    const fetchMock = mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/returns': () => {
        listed += 1
        return ok(page([overdue]))
      },
      [`PUT /admin/returns/${overdue._id}`]: () =>
        ok({ message: 'Return approved; pickup booked', data: { ...overdue, status: 'approved' } }),
    })
    const user = userEvent.setup()
    renderAt('/admin/returns', <ReturnsPage />)

    await user.click(within(await rowOf('TB-10301')).getByRole('button', { name: /^Approve/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Approve: return of TB-10301' })
    expect(within(dialog).getByLabelText('Note (optional)')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))

    expect(await screen.findByText('Return approved; pickup booked')).toBeInTheDocument()
    expect(sentBodies(fetchMock, `/admin/returns/${overdue._id}`)).toEqual([{ status: 'approved' }])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(listed).toBe(2))
  })

  it('refuses to reject without a note and sends nothing, then sends the note', async () => {
    const fetchMock = mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/returns': () => ok(page([overdue])),
      [`PUT /admin/returns/${overdue._id}`]: () =>
        ok({ message: 'Return rejected', data: { ...overdue, status: 'rejected' } }),
    })
    const user = userEvent.setup()
    renderAt('/admin/returns', <ReturnsPage />)

    await user.click(within(await rowOf('TB-10301')).getByRole('button', { name: /^Reject/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Reject: return of TB-10301' })
    const note = within(dialog).getByLabelText('Note for the shopper (required)')
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))

    expect(within(dialog).getByText(/Write why the return is rejected/)).toBeInTheDocument()
    expect(note).toHaveAttribute('aria-invalid', 'true')
    expect(note).toHaveFocus()
    // A blank note is no note.
    await user.type(note, '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    expect(sentBodies(fetchMock, `/admin/returns/${overdue._id}`)).toEqual([])

    await user.clear(note)
    await user.type(note, 'The seal is broken; used items are not returnable')
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    await waitFor(() =>
      expect(sentBodies(fetchMock, `/admin/returns/${overdue._id}`)).toEqual([
        { status: 'rejected', note: 'The seal is broken; used items are not returnable' },
      ]),
    )
  })

  it("shows the API's refusal in the dialog and keeps the note", async () => {
    mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/returns': () => ok(page([overdue])),
      [`PUT /admin/returns/${overdue._id}`]: () =>
        fail(409, 'This return was already approved by the seller'),
    })
    const user = userEvent.setup()
    renderAt('/admin/returns', <ReturnsPage />)

    await user.click(within(await rowOf('TB-10301')).getByRole('button', { name: /^Approve/ }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Checked the photos')
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This return was already approved by the seller',
    )
    expect(within(dialog).getByLabelText('Note (optional)')).toHaveValue('Checked the photos')
  })

  it('says when no returns wait', async () => {
    mockApi({
      'GET /auth/check-auth': seller,
      'GET /admin/returns': () => ok(page([])),
    })
    renderAt('/admin/returns', <ReturnsPage />)
    expect(await screen.findByText('No returns waiting')).toBeInTheDocument()
  })

  it('hides the seller line for sellers', async () => {
    mockApi({
      'GET /auth/check-auth': seller,
      'GET /admin/returns': () => ok(page([approved])),
    })
    renderAt('/admin/returns', <ReturnsPage />)
    const row = await rowOf('TB-10302')
    await waitFor(() => expect(within(row).queryByText(/Seller:/)).not.toBeInTheDocument())
    expect(within(row).getByText('Asha Rao')).toBeInTheDocument()
  })

  it('shows a failed load with a retry', async () => {
    mockApi({
      'GET /auth/check-auth': admin,
      'GET /admin/returns': () => fail(500, 'Something went wrong'),
    })
    renderAt('/admin/returns', <ReturnsPage />)
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the returns.')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
