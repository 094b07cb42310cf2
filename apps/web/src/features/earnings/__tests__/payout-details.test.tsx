import type { SellerPayoutDetails } from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, mockApi, ok, renderAt, sentBodies } from '@/test/api-helpers'
import EarningsPage from '../pages/earnings-page'
import { earningsOf, savedDetails, seller } from './fixtures'

const DETAILS = '/admin/settlements/payout-details'

async function detailsForm() {
  return screen.findByRole('form', { name: 'Payout details' })
}

describe('EarningsPage: payout details', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('asks for the details, checks them here, saves them and shows them masked', async () => {
    let saved: SellerPayoutDetails | null = null
    const fetchMock = mockApi({
      'GET /auth/check-auth': seller,
      'GET /admin/settlements/earnings': () =>
        ok({
          data: earningsOf({
            payoutBlock: { kind: saved ? 'accountPending' : 'noDetails', reason: null },
          }),
        }),
      [`GET ${DETAILS}`]: () => ok({ data: saved }),
      [`PUT ${DETAILS}`]: () => {
        saved = savedDetails({
          status: 'pending',
          reason: 'We are sending ₹1 to the account to check it',
          nameAtBank: null,
          checkedAt: null,
        })
        return ok({ data: saved })
      },
      'GET /admin/settlements/payouts': () => ok({ data: [] }),
    })
    const user = userEvent.setup()
    renderAt('/admin/earnings', <EarningsPage />)

    // The banner says why nothing is paid, and its button leads to the details.
    const banner = await screen.findByRole('status', { name: 'Payouts' })
    expect(banner).toHaveTextContent('Add your PAN and bank account to get paid')
    await user.click(within(banner).getByRole('button', { name: 'Add payout details' }))
    expect(screen.getByRole('heading', { name: 'Payout details' })).toHaveFocus()

    const form = await detailsForm()
    // No Cancel while there is nothing to go back to.
    expect(within(form).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Save payout details' }))
    const pan = within(form).getByLabelText('PAN')
    expect(pan).toHaveAttribute('aria-invalid', 'true')
    expect(pan).toHaveAccessibleDescription(/Enter the PAN as on the card, like ABCPE1234F/)
    expect(within(form).getByText('Enter an IFSC like SBIN0001234')).toBeInTheDocument()
    expect(within(form).getByText('Enter the account number (9 to 18 digits)')).toBeInTheDocument()

    await user.type(pan, 'abcpe1234f')
    await user.type(within(form).getByLabelText('Name on PAN'), 'Asha Verma')
    await user.type(within(form).getByLabelText('Account holder name'), 'Asha Verma')
    await user.type(within(form).getByLabelText('Account number'), '50100123459012')
    const confirm = within(form).getByLabelText('Confirm account number')
    await user.type(confirm, '50100123459021')
    await user.type(within(form).getByLabelText('IFSC'), 'hdfc0001234')
    await user.click(within(form).getByRole('button', { name: 'Save payout details' }))
    expect(await within(form).findByText('The account numbers do not match')).toBeInTheDocument()
    expect(confirm).toHaveAttribute('aria-invalid', 'true')
    expect(sentBodies(fetchMock, DETAILS)).toEqual([])

    await user.clear(confirm)
    await user.type(confirm, '50100123459012')
    await user.click(within(form).getByRole('button', { name: 'Save payout details' }))

    // Upper-cased as the schema does, and the confirmation stays here.
    await waitFor(() =>
      expect(sentBodies(fetchMock, DETAILS)).toEqual([
        {
          pan: 'ABCPE1234F',
          panName: 'Asha Verma',
          holderName: 'Asha Verma',
          accountNumber: '50100123459012',
          ifsc: 'HDFC0001234',
        },
      ]),
    )
    const section = screen.getByRole('region', { name: 'Payout details' })
    expect(await within(section).findByText('Being verified')).toBeInTheDocument()
    expect(within(section).getByText('••••9012')).toBeInTheDocument()
    expect(within(section).queryByText('50100123459012')).not.toBeInTheDocument()
    expect(
      within(section).getByText('We are sending ₹1 to the account to check it'),
    ).toBeInTheDocument()
    expect(within(section).getByRole('button', { name: /^Change/ })).toHaveFocus()
    expect(await screen.findByText('Payout details saved')).toBeInTheDocument()
    // The banner follows: the account is now being verified.
    expect(await screen.findByText('Your bank account is being verified')).toBeInTheDocument()
  })

  it("shows a 400's field errors under their fields", async () => {
    mockApi({
      'GET /auth/check-auth': seller,
      'GET /admin/settlements/earnings': () => ok({ data: earningsOf() }),
      [`GET ${DETAILS}`]: () => ok({ data: null }),
      [`PUT ${DETAILS}`]: () =>
        fail(400, 'Check the highlighted fields', [
          { path: 'ifsc', message: 'No bank branch has this IFSC' },
        ]),
      'GET /admin/settlements/payouts': () => ok({ data: [] }),
    })
    const user = userEvent.setup()
    renderAt('/admin/earnings', <EarningsPage />)

    const form = await detailsForm()
    await user.type(within(form).getByLabelText('PAN'), 'ABCPE1234F')
    await user.type(within(form).getByLabelText('Name on PAN'), 'Asha Verma')
    await user.type(within(form).getByLabelText('Account holder name'), 'Asha Verma')
    await user.type(within(form).getByLabelText('Account number'), '50100123459012')
    await user.type(within(form).getByLabelText('Confirm account number'), '50100123459012')
    await user.type(within(form).getByLabelText('IFSC'), 'ZZZZ0001234')
    await user.click(within(form).getByRole('button', { name: 'Save payout details' }))

    const ifsc = within(form).getByLabelText('IFSC')
    await waitFor(() => expect(ifsc).toHaveAttribute('aria-invalid', 'true'))
    expect(ifsc).toHaveAccessibleDescription(/No bank branch has this IFSC/)
    expect(ifsc).toHaveFocus()
    // What was typed stays.
    expect(within(form).getByLabelText('Account number')).toHaveValue('50100123459012')
  })

  it('shows a refused account with the reason and the name at the bank, and changes it', async () => {
    mockApi({
      'GET /auth/check-auth': seller,
      'GET /admin/settlements/earnings': () =>
        ok({ data: earningsOf({ payoutBlock: { kind: 'accountFailed', reason: null } }) }),
      [`GET ${DETAILS}`]: () =>
        ok({
          data: savedDetails({
            status: 'failed',
            reason: 'The name at the bank does not match the account holder',
            nameAtBank: 'A K VERMA TRADERS',
          }),
        }),
      'GET /admin/settlements/payouts': () => ok({ data: [] }),
    })
    const user = userEvent.setup()
    renderAt('/admin/earnings', <EarningsPage />)

    const section = await screen.findByRole('region', { name: 'Payout details' })
    expect(await within(section).findByText('Verification failed')).toBeInTheDocument()
    expect(
      within(section).getByText('The name at the bank does not match the account holder'),
    ).toBeInTheDocument()
    expect(within(section).getByText('A K VERMA TRADERS')).toBeInTheDocument()
    for (const text of ['ABCPE1234F', '••••9012', 'HDFC0001234']) {
      expect(within(section).getByText(text)).toBeInTheDocument()
    }

    const change = within(section).getByRole('button', { name: /^Change/ })
    await user.click(change)
    const form = await detailsForm()
    expect(
      within(form).getByText('A new bank account is verified again, and payouts wait until it is.'),
    ).toBeInTheDocument()
    // The saved PAN, names and IFSC to start from; the (masked) account number typed again.
    expect(within(form).getByLabelText('PAN')).toHaveValue('ABCPE1234F')
    expect(within(form).getByLabelText('PAN')).toHaveFocus()
    expect(within(form).getByLabelText('IFSC')).toHaveValue('HDFC0001234')
    expect(within(form).getByLabelText('Account number')).toHaveValue('')

    await user.click(within(form).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('form', { name: 'Payout details' })).not.toBeInTheDocument()
    expect(within(section).getByRole('button', { name: /^Change/ })).toHaveFocus()
  })

  it('keeps the details usable when the earnings fail to load', async () => {
    mockApi({
      'GET /auth/check-auth': seller,
      'GET /admin/settlements/earnings': () => fail(500, 'Something went wrong'),
      [`GET ${DETAILS}`]: () => ok({ data: null }),
      'GET /admin/settlements/payouts': () => ok({ data: [] }),
    })
    renderAt('/admin/earnings', <EarningsPage />)
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your earnings.')
    expect(await detailsForm()).toBeInTheDocument()
  })
})
