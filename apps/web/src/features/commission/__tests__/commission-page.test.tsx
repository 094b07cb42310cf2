import type { CommissionRuleView, CommissionSchedule } from '@techbazaar/shared'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createUser, fail, mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'
import CommissionPage from '../pages/commission-page'

const admin = () => ok({ user: createUser({ role: 'admin', type: 'admin' }) })
const PATH = '/admin/settlements/commission-rules'

let id = 0
const rule = (overrides: Partial<CommissionRuleView>): CommissionRuleView => ({
  id: `rule-${id++}`,
  category: 'electronics',
  minUnitRupees: 0,
  maxUnitRupees: null,
  percent: 8,
  closingFeeRupees: 20,
  commissionReversedOnReturn: true,
  effectiveFrom: '2024-09-30T18:30:00.000Z',
  effectiveTo: null,
  state: 'inForce',
  setBy: null,
  setAt: null,
  ...overrides,
})

const schedule = (): CommissionSchedule => ({
  today: '2026-11-22',
  categories: ['accessories', 'electronics'],
  rules: [
    rule({ maxUnitRupees: 300, percent: 0, closingFeeRupees: 5 }),
    rule({
      minUnitRupees: 300,
      percent: 6,
      closingFeeRupees: 40,
      effectiveTo: '2026-12-31T18:30:00.000Z',
    }),
    rule({
      minUnitRupees: 300,
      percent: 5.5,
      effectiveFrom: '2026-12-31T18:30:00.000Z',
      state: 'scheduled',
      setBy: 'Asha Admin',
      setAt: '2026-11-20T05:00:00.000Z',
    }),
    rule({ category: null, percent: 8, closingFeeRupees: 20, commissionReversedOnReturn: false }),
  ],
})

const renderPage = () => renderAt('/admin/commission', <CommissionPage />)
const band = (n: number) => screen.getByRole('group', { name: `Band ${n}` })

describe('CommissionPage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows the schedule in force by category and the changes scheduled', async () => {
    mockApi({ 'GET /auth/check-auth': admin, [`GET ${PATH}`]: () => ok({ data: schedule() }) })
    renderPage()

    const electronics = await screen.findByRole('table', {
      name: 'Electronics: commission in force',
    })
    const [, low, high] = within(electronics).getAllByRole('row')
    for (const text of ['₹0 to ₹300', '0%', '₹5', 'Yes']) {
      expect(within(low!).getByText(text)).toBeInTheDocument()
    }
    for (const text of ['₹300 and above', '6%', '₹40']) {
      expect(within(high!).getByText(text)).toBeInTheDocument()
    }
    expect(screen.getByText('until 1 Jan 2027')).toBeInTheDocument()
    const catchAll = screen.getByRole('table', {
      name: 'Every other category: commission in force',
    })
    expect(within(catchAll).getByText('No')).toBeInTheDocument()
    const scheduled = screen.getByRole('table', {
      name: 'Electronics: commission from 1 Jan 2027',
    })
    expect(within(scheduled).getByText('5.5%')).toBeInTheDocument()
    // Who set each: the scheduled change by an admin, the rest the default schedule.
    expect(screen.getByText('· set by Asha Admin on 20 Nov 2026')).toBeInTheDocument()
    expect(screen.getAllByText('· the default schedule')).toHaveLength(2)
  })

  it('shows each band’s mistakes under its field and sends nothing', async () => {
    const fetchMock = mockApi({
      'GET /auth/check-auth': admin,
      [`GET ${PATH}`]: () => ok({ data: schedule() }),
    })
    const user = userEvent.setup()
    renderPage()

    // Accessories has no rows of its own: the editor starts from the catch-all's.
    await user.selectOptions(await screen.findByLabelText('Category'), 'accessories')
    expect(within(band(1)).getByLabelText('Commission (%)')).toHaveValue('8')
    await user.type(screen.getByLabelText('Takes effect from'), '2026-11-21')
    await user.click(screen.getByRole('button', { name: 'Add band' }))
    await user.type(within(band(2)).getByLabelText('Commission (%)'), '120')
    await user.click(screen.getByRole('button', { name: 'Schedule change' }))

    expect(await screen.findByText('Choose today or a later date')).toBeInTheDocument()
    expect(within(band(1)).getByText('Only the last band is open-ended')).toBeInTheDocument()
    expect(within(band(2)).getByText('The percentage cannot be above 100')).toBeInTheDocument()
    expect(within(band(2)).getByText('The closing fee must be a number')).toBeInTheDocument()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(sentBodies(fetchMock, PATH)).toEqual([])
  })

  it('schedules a change after asking, and says so', async () => {
    const after = schedule()
    const fetchMock = mockApi({
      'GET /auth/check-auth': admin,
      [`GET ${PATH}`]: () => ok({ data: schedule() }),
      [`POST ${PATH}`]: () => ok({ data: after }),
    })
    const user = userEvent.setup()
    renderPage()

    await user.selectOptions(await screen.findByLabelText('Category'), '*')
    await user.type(screen.getByLabelText('Takes effect from'), '2026-12-01')
    await user.type(within(band(1)).getByLabelText('Up to (₹)'), '500')
    await user.click(screen.getByRole('button', { name: 'Add band' }))
    expect(within(band(2)).getByLabelText('From (₹)')).toHaveValue('500')
    await user.type(within(band(2)).getByLabelText('Commission (%)'), '7.25')
    await user.type(within(band(2)).getByLabelText('Closing fee (₹)'), '30')
    await user.click(screen.getByRole('button', { name: 'Schedule change' }))

    const dialog = await screen.findByRole('alertdialog', { name: 'Schedule this change?' })
    expect(dialog).toHaveTextContent('from 1 Dec 2026')
    expect(sentBodies(fetchMock, PATH)).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Schedule change' }))

    expect(
      await screen.findByText('Commission for every other category changes from 1 Dec 2026'),
    ).toBeInTheDocument()
    expect(sentBodies(fetchMock, PATH)).toEqual([
      {
        effectiveFrom: '2026-12-01',
        category: null,
        bands: [
          {
            minUnitRupees: 0,
            maxUnitRupees: 500,
            percent: 8,
            closingFeeRupees: 20,
            commissionReversedOnReturn: false,
          },
          {
            minUnitRupees: 500,
            maxUnitRupees: null,
            percent: 7.25,
            closingFeeRupees: 30,
            commissionReversedOnReturn: true,
          },
        ],
      },
    ])
  })

  it('shows the server’s field errors and its message', async () => {
    mockApi({
      'GET /auth/check-auth': admin,
      [`GET ${PATH}`]: () => ok({ data: schedule() }),
      [`POST ${PATH}`]: () =>
        fail(400, 'A change cannot take effect in the past', [
          { path: 'effectiveFrom', message: 'Choose today or a later date' },
        ]),
    })
    const user = userEvent.setup()
    renderPage()

    await user.type(await screen.findByLabelText('Takes effect from'), '2026-11-22')
    await user.click(screen.getByRole('button', { name: 'Schedule change' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Schedule change' }))

    expect(await screen.findByText('A change cannot take effect in the past')).toBeInTheDocument()
    expect(screen.getByText('Choose today or a later date')).toBeInTheDocument()
  })

  it('shows a failed load with a retry', async () => {
    mockApi({
      'GET /auth/check-auth': admin,
      [`GET ${PATH}`]: () => fail(500, 'Something went wrong'),
    })
    renderPage()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load the commission schedule.',
    )
  })
})
