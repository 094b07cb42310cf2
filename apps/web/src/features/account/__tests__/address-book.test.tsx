import { ADDRESS_STATE_MISSING, type Address } from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from '@/lib/toast'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse, renderRoute } from '@/test/route-helpers'
import { AddressBook } from '../components/address-book'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const USER_ID = '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3c'
const user = {
  _id: USER_ID,
  id: USER_ID,
  userName: 'ravi',
  email: 'ravi@example.in',
  mobile: '9876543210',
  role: 'user',
  type: 'user',
  vendorStatus: null,
}

let sequence = 0
const saved = (overrides: Partial<Address> = {}): Address => ({
  _id: `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`,
  userId: USER_ID,
  recipientName: 'Ravi Kumar',
  address: `${sequence}, MG Road`,
  landmark: '',
  kind: 'home',
  city: 'Bengaluru',
  pincode: '560001',
  phone: '9845012345',
  notes: 'Near the metro',
  stateCode: '29',
  isDefault: false,
  ...overrides,
})

type Call = { method: string; path: string; body: Record<string, string> | undefined }

/** An in-memory address server with the API's answers. */
function mockAddressServer(initial: Address[]) {
  let list = [...initial]
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost')
      const method = init?.method ?? 'GET'
      const body = init?.body ? JSON.parse(String(init.body)) : undefined
      calls.push({ method, path: url.pathname, body })
      if (url.pathname === '/api/auth/check-auth') return jsonResponse({ success: true, user })
      if (method === 'GET') return jsonResponse({ success: true, data: list })
      if (method === 'POST') {
        const created = saved({ ...body, userId: USER_ID })
        list = [...list, created]
        return jsonResponse(
          { success: true, message: 'Address added successfully', data: created },
          201,
        )
      }
      const id = url.pathname.split('/').pop()
      if (method === 'PUT' && url.pathname.startsWith('/api/shop/address/default/')) {
        list = list.map((a) => ({ ...a, isDefault: a._id === id }))
        return jsonResponse({
          success: true,
          message: 'Default address updated',
          data: list.find((a) => a._id === id),
        })
      }
      if (method === 'PUT') {
        list = list.map((a) => (a._id === id ? { ...a, ...body } : a))
        return jsonResponse({
          success: true,
          message: 'Address updated successfully',
          data: list.find((a) => a._id === id),
        })
      }
      list = list.filter((a) => a._id !== id)
      return jsonResponse({ success: true, message: 'Address deleted successfully' })
    }),
  )
  return calls
}

async function fill(u: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label)
    await u.clear(field)
    if (value) await u.type(field, value)
  }
}

const VALID = {
  'Recipient name': ' Asha Rao ',
  Address: '  221B, Residency Road ',
  City: 'Bengaluru',
  Pincode: '560025',
  Phone: '98450 12345',
  Notes: 'Call before delivery',
}

describe('AddressBook', () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear()
    vi.mocked(toast.error).mockClear()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('keeps Add disabled until every field has more than spaces, then adds and resets', async () => {
    const calls = mockAddressServer([])
    const u = userEvent.setup()
    renderRoute(<AddressBook />)
    expect(await screen.findByRole('heading', { name: 'Add New Address' })).toBeInTheDocument()
    const add = screen.getByRole('button', { name: 'Add' })
    expect(add).toBeDisabled()
    await fill(u, { ...VALID, Notes: '   ' })
    expect(add).toBeDisabled()
    await fill(u, { Notes: VALID.Notes })
    expect(add).toBeEnabled()
    await u.click(add)

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Address added successfully'))
    // Trimmed and normalised by the shared schema before it is sent.
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      userId: USER_ID,
      recipientName: 'Asha Rao',
      address: '221B, Residency Road',
      // Optional: empty when not given; Home unless Work is chosen.
      landmark: '',
      kind: 'home',
      city: 'Bengaluru',
      pincode: '560025',
      phone: '9845012345',
      notes: 'Call before delivery',
      // Filled from the PIN code.
      stateCode: '29',
    })
    expect(screen.getByLabelText('Address')).toHaveValue('')
    expect(screen.getByLabelText('State')).toHaveValue('')
    expect(await screen.findByText('221B, Residency Road')).toBeInTheDocument()
  })

  it('shows field errors for a bad pincode and phone without sending', async () => {
    const calls = mockAddressServer([])
    const u = userEvent.setup()
    renderRoute(<AddressBook />)
    await screen.findByRole('heading', { name: 'Add New Address' })
    await fill(u, { ...VALID, Pincode: '012345', Phone: '12345' })
    await u.click(screen.getByRole('button', { name: 'Add' }))
    expect(await screen.findByText('Pincode must be 6 digits')).toBeInTheDocument()
    expect(screen.getByText('Phone must be a 10-digit Indian mobile number')).toBeInTheDocument()
    expect(screen.getByLabelText('Pincode')).toHaveAttribute('aria-invalid', 'true')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('edits an address in Edit mode and goes back to Add afterwards', async () => {
    const home = saved({ city: 'Pune', pincode: '411001', stateCode: '27' })
    const calls = mockAddressServer([home])
    const u = userEvent.setup()
    renderRoute(<AddressBook />)
    await u.click(await screen.findByRole('button', { name: `Edit address ${home.address}` }))
    expect(screen.getByRole('heading', { name: 'Edit Address' })).toBeInTheDocument()
    expect(screen.getByLabelText('City')).toHaveValue('Pune')
    await fill(u, { City: 'Mumbai', Pincode: '400001' })
    await u.click(screen.getByRole('button', { name: 'Edit' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Address updated successfully'))
    expect(calls.find((c) => c.method === 'PUT')?.path).toBe(
      `/api/shop/address/update/${USER_ID}/${home._id}`,
    )
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ stateCode: '27' })
    expect(await screen.findByRole('heading', { name: 'Add New Address' })).toBeInTheDocument()
    expect(await screen.findByText(/Mumbai/)).toBeInTheDocument()
    // Saved: focus is back on the card's Edit that opened the form (issue 31.5).
    expect(screen.getByRole('button', { name: `Edit address ${home.address}` })).toHaveFocus()
  })

  it('fills the state from the PIN code until the shopper picks one by hand', async () => {
    const calls = mockAddressServer([])
    const u = userEvent.setup()
    renderRoute(<AddressBook />)
    await screen.findByRole('heading', { name: 'Add New Address' })
    const state = screen.getByLabelText('State')
    expect(state).toHaveValue('')
    expect(within(state).queryByRole('option', { name: 'Other Territory' })).toBeNull()
    await fill(u, { ...VALID, Pincode: '160017' })
    expect(state).toHaveDisplayValue('Chandigarh')
    // Mohali's PINs are Punjab's, though inside Chandigarh's 160.
    await fill(u, { Pincode: '160055' })
    expect(state).toHaveDisplayValue('Punjab')

    await u.selectOptions(state, 'Haryana')
    await fill(u, { Pincode: '110001' })
    expect(state).toHaveDisplayValue('Haryana')
    await u.click(screen.getByRole('button', { name: 'Add' }))
    expect(await screen.findByText('PIN code 110001 is in Delhi, not Haryana')).toBeInTheDocument()
    expect(state).toHaveAttribute('aria-invalid', 'true')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    await u.selectOptions(state, 'Delhi')
    await u.click(screen.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Address added successfully'))
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ stateCode: '07' })
  })

  it('says at once that army post office PIN codes cannot be delivered to', async () => {
    const calls = mockAddressServer([])
    const u = userEvent.setup()
    renderRoute(<AddressBook />)
    await screen.findByRole('heading', { name: 'Add New Address' })
    await fill(u, { Pincode: '930056' })
    expect(
      await screen.findByText('We can’t deliver to army or field post office PIN codes'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('State')).toHaveValue('')
    await fill(u, { ...VALID, Pincode: '930056' })
    await u.click(screen.getByRole('button', { name: 'Add' }))
    expect(await screen.findByText('Choose the state')).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('shows the state with the city and PIN code', async () => {
    mockAddressServer([saved({ city: 'Bengaluru', pincode: '560025' })])
    renderRoute(<AddressBook />)
    const list = await screen.findByRole('list', { name: 'Saved addresses' })
    expect(list).toHaveTextContent(/Bengaluru, .*Karnataka .*560025/)
  })

  it('asks to add the state to an address saved without one, prefilled from its PIN', async () => {
    const old = saved({ city: 'Mumbai', pincode: '400001', stateCode: null })
    const calls = mockAddressServer([old])
    const u = userEvent.setup()
    renderRoute(<AddressBook />)
    expect(await screen.findByText('State missing: add it before ordering')).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: `Add the state to address ${old.address}` }))
    expect(screen.getByRole('heading', { name: 'Edit Address' })).toBeInTheDocument()
    expect(screen.getByLabelText('State')).toHaveDisplayValue('Maharashtra')
    await u.click(screen.getByRole('button', { name: 'Edit' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Address updated successfully'))
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ stateCode: '27' })
    await waitFor(() =>
      expect(screen.queryByText('State missing: add it before ordering')).not.toBeInTheDocument(),
    )
  })

  it('does not let checkout choose an address without a state, and chooses it once fixed', async () => {
    const old = saved({ stateCode: null })
    mockAddressServer([old])
    const onSelect = vi.fn()
    const u = userEvent.setup()
    renderRoute(<AddressBook selectable onSelect={onSelect} />)
    const radio = await screen.findByRole('radio', { name: new RegExp(old.address) })
    expect(radio).toBeDisabled()
    expect(radio).toHaveAccessibleDescription(ADDRESS_STATE_MISSING)
    await u.click(radio)
    expect(onSelect).not.toHaveBeenCalled()

    await u.click(screen.getByRole('button', { name: `Add the state to address ${old.address}` }))
    expect(screen.getByLabelText('State')).toHaveDisplayValue('Karnataka')
    await u.click(screen.getByRole('button', { name: 'Edit' }))
    await waitFor(() =>
      expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ stateCode: '29' })),
    )
    expect(await screen.findByRole('radio', { name: new RegExp(old.address) })).toBeEnabled()
  })

  it('deletes an address', async () => {
    const home = saved()
    mockAddressServer([home])
    const u = userEvent.setup()
    renderRoute(<AddressBook />)
    await u.click(await screen.findByRole('button', { name: `Delete address ${home.address}` }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Address deleted successfully'))
    expect(await screen.findByText(/No saved addresses yet/)).toBeInTheDocument()
  })

  it('refuses a 4th address with the destructive toast', async () => {
    const calls = mockAddressServer([saved(), saved(), saved()])
    const u = userEvent.setup()
    renderRoute(<AddressBook />)
    expect(await screen.findByText('3 of 3')).toBeInTheDocument()
    await fill(u, VALID)
    await u.click(screen.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('You can add max 3 addresses'))
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('lets checkout select one address', async () => {
    const a = saved({ city: 'Pune' })
    const b = saved({ city: 'Chennai' })
    mockAddressServer([a, b])
    const onSelect = vi.fn()
    const u = userEvent.setup()
    renderRoute(<AddressBook selectable selectedId={a._id} onSelect={onSelect} />)
    const group = await screen.findByRole('list', { name: 'Choose a delivery address' })
    const radios = within(group).getAllByRole('radio')
    expect(radios[0]).toBeChecked()
    await u.click(radios[1]!)
    expect(onSelect).toHaveBeenCalledWith(b)
  })

  it('keeps the checkout form behind Add New Address, then selects the address it adds', async () => {
    const a = saved({ city: 'Pune' })
    mockAddressServer([a])
    const onSelect = vi.fn()
    const u = userEvent.setup()
    renderRoute(<AddressBook selectable selectedId={a._id} onSelect={onSelect} />)
    await screen.findByRole('list', { name: 'Choose a delivery address' })
    expect(screen.queryByRole('heading', { name: 'Add New Address' })).not.toBeInTheDocument()

    const open = screen.getByRole('button', { name: 'Add New Address' })
    expect(open).toHaveAttribute('aria-expanded', 'false')
    await u.click(open)
    expect(await screen.findByRole('heading', { name: 'Add New Address' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByLabelText('Recipient name')).toHaveFocus())

    // Cancel folds it away again, focus back on the button.
    await u.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('heading', { name: 'Add New Address' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add New Address' })).toHaveFocus()

    await u.click(screen.getByRole('button', { name: 'Add New Address' }))
    await fill(u, VALID)
    await u.click(screen.getByRole('button', { name: 'Add' }))
    await waitFor(() =>
      expect(onSelect).toHaveBeenCalledWith(
        expect.objectContaining({ address: '221B, Residency Road' }),
      ),
    )
    expect(screen.queryByRole('heading', { name: 'Add New Address' })).not.toBeInTheDocument()

    // Edit on a card opens the form in Edit mode; saving gives focus back to that Edit.
    await u.click(screen.getByRole('button', { name: `Edit address ${a.address}` }))
    expect(await screen.findByRole('heading', { name: 'Edit Address' })).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: 'Edit' }))
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Edit Address' })).not.toBeInTheDocument(),
    )
    expect(screen.getByRole('button', { name: `Edit address ${a.address}` })).toHaveFocus()
  })

  it('offers the button, not the form, at checkout when nothing is saved yet', async () => {
    mockAddressServer([])
    renderRoute(<AddressBook selectable onSelect={vi.fn()} />)
    expect(await screen.findByText(/No saved addresses yet/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add New Address' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Add New Address' })).not.toBeInTheDocument()
  })

  it('asks who receives it, an optional landmark and Home or Work (issue 31.7)', async () => {
    const calls = mockAddressServer([])
    const u = userEvent.setup()
    renderRoute(<AddressBook />)
    await screen.findByRole('heading', { name: 'Add New Address' })
    const add = screen.getByRole('button', { name: 'Add' })
    await fill(u, { ...VALID, 'Recipient name': '   ' })
    // The recipient is required; the landmark is not.
    expect(add).toBeDisabled()
    expect(screen.getByLabelText('Landmark (optional)')).toHaveValue('')
    await fill(u, { 'Recipient name': 'A' })
    await u.click(add)
    expect(
      await screen.findByText('Recipient name must be at least 2 characters'),
    ).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    const type = screen.getByRole('group', { name: 'Address type' })
    const home = within(type).getByRole('radio', { name: 'Home' })
    const work = within(type).getByRole('radio', { name: 'Work' })
    expect(home).toBeChecked()
    await u.click(work)
    expect(work).toBeChecked()
    await fill(u, { 'Recipient name': 'Asha Rao', 'Landmark (optional)': ' Opposite the metro ' })
    await u.click(add)
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Address added successfully'))
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      recipientName: 'Asha Rao',
      landmark: 'Opposite the metro',
      kind: 'work',
    })
    // Reset to Home for the next address.
    expect(within(type).getByRole('radio', { name: 'Home' })).toBeChecked()

    // The card says who it goes to, the landmark and the type.
    const card = (await screen.findByText('Asha Rao')).closest('li')!
    expect(card).toHaveTextContent('Landmark: Opposite the metro')
    expect(within(card).getByText('Work')).toBeInTheDocument()
  })

  it('fills the recipient, landmark and type when editing', async () => {
    const office = saved({ recipientName: 'Meera Iyer', landmark: 'Near Forum Mall', kind: 'work' })
    const calls = mockAddressServer([office])
    const u = userEvent.setup()
    renderRoute(<AddressBook />)
    await u.click(await screen.findByRole('button', { name: `Edit address ${office.address}` }))
    expect(screen.getByLabelText('Recipient name')).toHaveValue('Meera Iyer')
    expect(screen.getByLabelText('Landmark (optional)')).toHaveValue('Near Forum Mall')
    expect(screen.getByRole('radio', { name: 'Work' })).toBeChecked()
    await u.click(screen.getByRole('radio', { name: 'Home' }))
    await u.click(screen.getByRole('button', { name: 'Edit' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Address updated successfully'))
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      recipientName: 'Meera Iyer',
      landmark: 'Near Forum Mall',
      kind: 'home',
    })
  })

  it('badges the default address and moves it with Set as default', async () => {
    const first = saved({ city: 'Pune', isDefault: true })
    const second = saved({ city: 'Chennai' })
    const calls = mockAddressServer([first, second])
    const u = userEvent.setup()
    renderRoute(<AddressBook />)
    const list = await screen.findByRole('list', { name: 'Saved addresses' })
    const cardOf = (a: Address) =>
      within(list)
        .getByRole('button', { name: `Delete address ${a.address}` })
        .closest('li')!
    expect(within(cardOf(first)).getByText('Default')).toBeInTheDocument()
    expect(within(cardOf(first)).getByText('Home')).toBeInTheDocument()
    expect(within(cardOf(first)).getByText('Ravi Kumar')).toBeInTheDocument()
    // The default has no "Set as default"; the others do.
    expect(
      screen.queryByRole('button', { name: `Set address ${first.address} as default` }),
    ).toBeNull()
    await u.click(screen.getByRole('button', { name: `Set address ${second.address} as default` }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Default address updated'))
    expect(calls.find((c) => c.method === 'PUT')?.path).toBe(
      `/api/shop/address/default/${USER_ID}/${second._id}`,
    )
    await waitFor(() => expect(within(cardOf(second)).getByText('Default')).toBeInTheDocument())
    expect(within(cardOf(first)).queryByText('Default')).toBeNull()
    expect(
      screen.getByRole('button', { name: `Set address ${first.address} as default` }),
    ).toBeInTheDocument()
  })
})
