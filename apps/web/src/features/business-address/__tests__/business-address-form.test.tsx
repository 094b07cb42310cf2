import type { BusinessAddress } from '@techbazaar/shared'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fail, mockApi, ok, renderAt } from '@/test/api-helpers'
import BusinessAddressPage from '../pages/business-address-page'

const GSTIN = '29AAKFM7315Q1ZP'
const empty: BusinessAddress = {
  businessName: null,
  addressLine: null,
  city: null,
  stateCode: '29',
  pincode: null,
  gstNumber: GSTIN,
  turnoverAbove5Cr: false,
}
const filled = {
  businessName: 'Bengaluru Gadgets Pvt. Ltd.',
  addressLine: '12, 3rd Cross, Koramangala',
  city: 'Bengaluru',
  stateCode: '29',
  pincode: '560034',
  turnoverAbove5Cr: false,
}

function open(
  saved: BusinessAddress,
  onPut = (body: unknown) => ok({ message: 'Business address saved', data: body }),
) {
  const fetchMock = mockApi({
    'GET /admin/business-address': () => ok({ data: saved }),
    'PUT /admin/business-address': onPut,
  })
  renderAt('/admin/business-address', <BusinessAddressPage />)
  return fetchMock
}

/** The bodies of the PUTs (the saves) so far. */
const saves = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)))

/** Types into a field at once (the words themselves are not under test). */
async function fill(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.click(screen.getByLabelText(label))
  await user.paste(text)
}

describe('BusinessAddressPage', () => {
  beforeEach(() => {
    // Radix's checkbox measures itself inside a form; jsdom has no ResizeObserver.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    )
  })
  afterEach(() => vi.unstubAllGlobals())

  it('saves the address with the GSTIN’s state, which cannot be changed', async () => {
    const user = userEvent.setup()
    const fetchMock = open(empty)
    const state = await screen.findByLabelText('State')
    expect(state).toHaveValue('Karnataka (29)')
    expect(state).toHaveAttribute('readonly')
    expect(screen.getByText(`The state of your GSTIN ${GSTIN}.`)).toBeInTheDocument()

    await fill(user, 'Business name', filled.businessName)
    await fill(user, 'Address', filled.addressLine)
    await fill(user, 'City', filled.city)
    await fill(user, 'Pincode', filled.pincode)
    await user.click(screen.getByRole('button', { name: 'Save Address' }))

    await waitFor(() => expect(saves(fetchMock)).toEqual([filled]))
    expect(await screen.findByText('Business address saved')).toBeInTheDocument()
  })

  it('saves the turnover answer, shown as saved', async () => {
    const user = userEvent.setup()
    const fetchMock = open({ ...filled, gstNumber: GSTIN })
    const turnover = await screen.findByRole('checkbox', {
      name: 'Turnover above ₹5 crore last financial year',
    })
    expect(turnover).not.toBeChecked()
    expect(turnover).toHaveAccessibleDescription('Your invoices then print 6-digit HSN codes.')
    await user.click(turnover)
    expect(turnover).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Save Address' }))
    await waitFor(() => expect(saves(fetchMock)).toEqual([{ ...filled, turnoverAbove5Cr: true }]))
  })

  it('shows a saved turnover answer ticked, and can clear it', async () => {
    const user = userEvent.setup()
    const fetchMock = open({ ...filled, gstNumber: GSTIN, turnoverAbove5Cr: true })
    const turnover = await screen.findByRole('checkbox', {
      name: 'Turnover above ₹5 crore last financial year',
    })
    expect(turnover).toBeChecked()
    // Its text is its label too: a tap anywhere on it toggles.
    await user.click(screen.getByText('Turnover above ₹5 crore last financial year'))
    await user.click(screen.getByRole('button', { name: 'Save Address' }))
    await waitFor(() => expect(saves(fetchMock)).toEqual([{ ...filled, turnoverAbove5Cr: false }]))
  })

  it('shows what is missing or wrong under each field without saving', async () => {
    const user = userEvent.setup()
    const fetchMock = open(empty)
    await screen.findByLabelText('Pincode')
    await fill(user, 'Pincode', '012345')
    await user.click(screen.getByRole('button', { name: 'Save Address' }))

    expect(await screen.findByText('Business name is required')).toBeInTheDocument()
    expect(screen.getByText('Address is required')).toBeInTheDocument()
    expect(screen.getByText('City is required')).toBeInTheDocument()
    expect(screen.getByText('Pincode must be 6 digits')).toBeInTheDocument()
    expect(screen.getByLabelText('Pincode')).toHaveAttribute('aria-invalid', 'true')
    expect(saves(fetchMock)).toEqual([])
  })

  it('lets a seller without a GSTIN choose the state, and shows the server’s field errors', async () => {
    const user = userEvent.setup()
    const fetchMock = open({ ...filled, stateCode: null, gstNumber: null }, () =>
      fail(400, 'Please check the address', [{ path: 'pincode', message: 'No such PIN code' }]),
    )
    const state = await screen.findByRole('combobox', { name: 'State' })
    expect(screen.getByLabelText('Business name')).toHaveValue(filled.businessName)
    await user.selectOptions(state, 'Delhi')
    await user.clear(screen.getByLabelText('Pincode'))
    await fill(user, 'Pincode', '110001')
    await user.click(screen.getByRole('button', { name: 'Save Address' }))

    await waitFor(() =>
      expect(saves(fetchMock)).toEqual([{ ...filled, stateCode: '07', pincode: '110001' }]),
    )
    expect(await screen.findByText('No such PIN code')).toBeInTheDocument()
    expect(screen.getByLabelText('Pincode')).toHaveFocus()
  })

  it('refuses a PIN code from another state under the PIN code, without saving', async () => {
    const user = userEvent.setup()
    const fetchMock = open({ ...filled, stateCode: null, gstNumber: null })
    await user.selectOptions(await screen.findByRole('combobox', { name: 'State' }), 'Maharashtra')
    await user.click(screen.getByRole('button', { name: 'Save Address' }))

    expect(
      await screen.findByText('PIN code 560034 is in Karnataka, not Maharashtra'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Pincode')).toHaveAttribute('aria-invalid', 'true')
    expect(saves(fetchMock)).toEqual([])

    // A PIN code of the chosen state saves.
    await user.clear(screen.getByLabelText('Pincode'))
    await fill(user, 'Pincode', '400001')
    await user.click(screen.getByRole('button', { name: 'Save Address' }))
    await waitFor(() =>
      expect(saves(fetchMock)).toEqual([{ ...filled, stateCode: '27', pincode: '400001' }]),
    )
  })

  it('checks the PIN code against the GSTIN’s fixed state too', async () => {
    const user = userEvent.setup()
    const fetchMock = open(empty)
    await screen.findByLabelText('Pincode')
    await fill(user, 'Pincode', '110001')
    await user.click(screen.getByRole('button', { name: 'Save Address' }))

    expect(
      await screen.findByText('PIN code 110001 is in Delhi, not Karnataka'),
    ).toBeInTheDocument()
    expect(saves(fetchMock)).toEqual([])
  })

  it('says why the address cannot be loaded', async () => {
    mockApi({
      'GET /admin/business-address': () => fail(403, 'Your seller account was rejected'),
    })
    renderAt('/admin/business-address', <BusinessAddressPage />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Your seller account was rejected')
  })
})
