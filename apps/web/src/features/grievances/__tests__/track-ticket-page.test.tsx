import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'
import TrackTicketPage from '../pages/track-ticket-page'
import { createAdminTicket } from './fixtures'

describe('Track a complaint', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('checks the number and email, then shows the ticket with its due dates and thread', async () => {
    const fetchMock = mockApi({
      'POST /common/grievances/track': () =>
        ok({ data: { ...createAdminTicket({ status: 'acknowledged' }) } }),
    })
    const u = userEvent.setup()
    renderAt('/track-ticket', <TrackTicketPage />)
    await u.type(screen.getByLabelText('Ticket number'), 'ORD-1')
    await u.click(screen.getByRole('button', { name: 'Find my ticket' }))
    expect(screen.getByLabelText('Ticket number')).toHaveAccessibleDescription(
      'Enter a ticket number like GRV-000123',
    )
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required')
    await u.clear(screen.getByLabelText('Ticket number'))
    await u.type(screen.getByLabelText('Ticket number'), 'GRV-000012')
    await u.type(screen.getByLabelText('Email'), 'Meera@Example.in')
    await u.click(screen.getByRole('button', { name: 'Find my ticket' }))
    expect(await screen.findByText('Acknowledged')).toBeInTheDocument()
    expect(screen.getByText('Resolve by')).toBeInTheDocument()
    expect(screen.getByText('The screen arrived cracked.')).toBeInTheDocument()
    expect(sentBodies(fetchMock, '/common/grievances/track')).toEqual([
      { number: 'GRV-000012', email: 'meera@example.in' },
    ])
  })

  it('says when no ticket matches', async () => {
    mockApi({
      'POST /common/grievances/track': () => fail(404, 'No ticket has this number and email'),
    })
    const u = userEvent.setup()
    renderAt('/track-ticket', <TrackTicketPage />)
    await u.type(screen.getByLabelText('Ticket number'), 'GRV-000099')
    await u.type(screen.getByLabelText('Email'), 'x@example.in')
    await u.click(screen.getByRole('button', { name: 'Find my ticket' }))
    expect(await screen.findByText('No ticket has this number and email')).toBeInTheDocument()
  })
})
