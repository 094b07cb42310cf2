import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createUser, fail, mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'
import GrievancesPage from '../pages/grievances-page'
import { createAdminTicket, TICKET_ID } from './fixtures'

const list = (tickets = [createAdminTicket()]) =>
  ok({ data: tickets, total: tickets.length, page: 1, pages: 1 })
const admin = createUser({ role: 'admin', type: 'admin' })

describe('The complaints queue', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('resolves a ticket with a message to the complainant', async () => {
    const fetchMock = mockApi({
      'GET /auth/check-auth': () => ok({ user: admin }),
      'GET /admin/grievances': () => list(),
      [`PUT /admin/grievances/${TICKET_ID}`]: () =>
        ok({ message: 'Ticket resolved: the complainant is told', data: createAdminTicket() }),
    })
    const u = userEvent.setup()
    renderAt('/admin/grievances', <GrievancesPage />)
    const row = (await screen.findByText('GRV-000012 · order TB-10234')).closest('li')!
    expect(within(row).getByText('meera@example.in', { exact: false })).toBeInTheDocument()
    await u.click(within(row).getByRole('button', { name: 'Open ticket' }))
    expect(within(row).getByText('The screen arrived cracked.')).toBeInTheDocument()
    await u.selectOptions(within(row).getByLabelText('Action'), 'Resolve')
    // A resolution without words is refused before anything is sent.
    await u.click(within(row).getByRole('button', { name: 'Resolve' }))
    expect(await within(row).findByRole('alert')).toHaveTextContent(
      'Tell the complainant how it was resolved',
    )
    await u.type(within(row).getByLabelText('Message to the complainant'), 'Replaced today.')
    await u.click(within(row).getByRole('button', { name: 'Resolve' }))
    await vi.waitFor(() =>
      expect(sentBodies(fetchMock, `/admin/grievances/${TICKET_ID}`)).toEqual([
        { action: 'resolve', message: 'Replaced today.' },
      ]),
    )
  })

  it('shows the server’s refusal in the ticket', async () => {
    mockApi({
      'GET /auth/check-auth': () => ok({ user: admin }),
      'GET /admin/grievances': () => list(),
      [`PUT /admin/grievances/${TICKET_ID}`]: () =>
        fail(409, 'The ticket changed meanwhile: reload it and try again'),
    })
    const u = userEvent.setup()
    renderAt('/admin/grievances', <GrievancesPage />)
    const row = (await screen.findByText('GRV-000012 · order TB-10234')).closest('li')!
    await u.click(within(row).getByRole('button', { name: 'Open ticket' }))
    await u.click(within(row).getByRole('button', { name: 'Acknowledge' }))
    expect(await within(row).findByRole('alert')).toHaveTextContent(
      'The ticket changed meanwhile: reload it and try again',
    )
  })

  it('lets a seller name its grievance officer, checking the fields first', async () => {
    const fetchMock = mockApi({
      'GET /auth/check-auth': () =>
        ok({ user: createUser({ role: 'admin', type: 'vendor', vendorStatus: 'Approved' }) }),
      'GET /admin/grievances': () => list([]),
      'GET /admin/grievance-officer': () => ok({ data: null }),
      'PUT /admin/grievance-officer': (body) => ok({ data: body }),
    })
    const u = userEvent.setup()
    renderAt('/admin/grievances', <GrievancesPage />)
    const form = await screen.findByRole('form', { name: 'Your grievance officer' })
    expect(screen.getByText('No tickets here.')).toBeInTheDocument()
    await u.type(within(form).getByLabelText('Name'), 'Anil Rao')
    await u.type(within(form).getByLabelText('Designation'), 'Grievance Officer')
    await u.type(within(form).getByLabelText('Email'), 'anil@seller.example')
    await u.type(within(form).getByLabelText('Phone'), 'call me')
    await u.click(within(form).getByRole('button', { name: 'Save grievance officer' }))
    expect(within(form).getByLabelText('Phone')).toHaveAccessibleDescription(
      'Phone must be a number like 98765 43210',
    )
    await u.clear(within(form).getByLabelText('Phone'))
    await u.type(within(form).getByLabelText('Phone'), '98450 12345')
    await u.click(within(form).getByRole('button', { name: 'Save grievance officer' }))
    await vi.waitFor(() =>
      expect(sentBodies(fetchMock, '/admin/grievance-officer')).toEqual([
        {
          name: 'Anil Rao',
          designation: 'Grievance Officer',
          email: 'anil@seller.example',
          phone: '98450 12345',
        },
      ]),
    )
  })
})
