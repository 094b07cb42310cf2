import type { SigningKeyInfo, Vendor } from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, mockApi, ok, renderAt } from '@/test/api-helpers'
import VendorVerificationPage from '../pages/vendor-verification-page'

const approved: Vendor = {
  _id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  userName: 'Tech Tokri',
  mobile: '9940123456',
  email: 'support@techtokri.in',
  gstNumber: '33ABKFT6402R1ZN',
  gstRegistrationType: 'regular',
  gstinLegalName: null,
  gstinProblem: null,
  status: 'Approved',
  listedProducts: 3,
}
const pending: Vendor = {
  ...approved,
  _id: '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  userName: 'Gadget Gali',
  status: 'Pending',
}
const KEY_PATH = `/admin/vendors/${approved._id}/signing-key`

const info: SigningKeyInfo = {
  subject: 'Tech Tokri LLP',
  validTo: '2027-03-31T18:29:59.000Z',
  problem: null,
}

/** The desk table's row of a seller (the phone cards repeat it, hidden by CSS). */
const tableRow = (name: string) => screen.findByRole('row', { name: new RegExp(name) })
const certificateOf = async (name: string) =>
  within(await tableRow(name)).getByRole('group', {
    name: `Invoice signing certificate of ${name}`,
  })

describe('SigningKeyRow', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows whose certificate signs an approved seller’s invoices, and nothing for others', async () => {
    mockApi({
      'GET /admin/vendors': () => ok({ data: [approved, pending] }),
      [`GET ${KEY_PATH}`]: () => ok({ data: info }),
    })
    renderAt('/admin/vendor-verificaton', <VendorVerificationPage />)
    const group = await certificateOf('Tech Tokri')
    // 31 Mar 2027 18:29:59 UTC is 23:59:59 on the 31st in India.
    expect(await within(group).findByText(/Signs invoices as/)).toHaveTextContent(
      'Signs invoices as Tech Tokri LLP · valid until 31 Mar 2027',
    )
    expect(within(group).getByRole('button', { name: /^Remove/ })).toBeInTheDocument()
    expect(
      within(await tableRow('Gadget Gali')).queryByRole('group', {
        name: /Invoice signing certificate/,
      }),
    ).not.toBeInTheDocument()
  })

  it('says when there is none, or what is wrong with the one there is', async () => {
    let answer: SigningKeyInfo | null = null
    mockApi({
      'GET /admin/vendors': () => ok({ data: [approved] }),
      [`GET ${KEY_PATH}`]: () => ok({ data: answer }),
    })
    const { queryClient } = renderAt('/admin/vendor-verificaton', <VendorVerificationPage />)
    const group = await certificateOf('Tech Tokri')
    expect(
      await within(group).findByText('None — invoices carry the electronic-issue text instead'),
    ).toBeInTheDocument()
    expect(within(group).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument()

    answer = { ...info, problem: 'The certificate expired on 2027-03-31: invoices go out unsigned' }
    await queryClient.invalidateQueries()
    expect(
      await within(group).findByText(/The certificate expired on 2027-03-31/),
    ).toBeInTheDocument()
  })

  it('uploads the file as base64 with its passphrase, and shows a wrong passphrase under it', async () => {
    let saved: SigningKeyInfo | null = null
    const fetchMock = mockApi({
      'GET /admin/vendors': () => ok({ data: [approved] }),
      [`GET ${KEY_PATH}`]: () => ok({ data: saved }),
      [`PUT ${KEY_PATH}`]: (body) => {
        const { passphrase } = body as { passphrase: string }
        if (passphrase !== 'right one') {
          const message = 'The passphrase does not open this certificate'
          return fail(400, message, [{ path: 'passphrase', message }])
        }
        saved = info
        return ok({ message: 'Signing certificate saved', data: info })
      },
    })
    const user = userEvent.setup()
    renderAt('/admin/vendor-verificaton', <VendorVerificationPage />)
    const group = await certificateOf('Tech Tokri')
    await within(group).findByText(/^None/)

    await user.click(within(group).getByRole('button', { name: /^Upload certificate/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Signing certificate of Tech Tokri' })
    await user.click(within(dialog).getByRole('button', { name: 'Save certificate' }))
    expect(
      await within(dialog).findByText('Choose the certificate file (.p12 or .pfx)'),
    ).toBeInTheDocument()
    expect(within(dialog).getByText('Enter the certificate’s passphrase')).toBeInTheDocument()

    const bytes = new Uint8Array([0x30, 0x82, 0x0a, 0xff, 0x00, 0x7f])
    await user.upload(
      within(dialog).getByLabelText('Certificate file'),
      new File([bytes], 'tech-tokri.p12', { type: 'application/x-pkcs12' }),
    )
    await waitFor(() =>
      expect(
        within(dialog).queryByText('Choose the certificate file (.p12 or .pfx)'),
      ).not.toBeInTheDocument(),
    )
    const passphrase = within(dialog).getByLabelText('Passphrase')
    await user.type(passphrase, 'wrong one')
    await user.click(within(dialog).getByRole('button', { name: 'Save certificate' }))
    await waitFor(() =>
      expect(passphrase).toHaveAccessibleDescription(
        'The passphrase does not open this certificate',
      ),
    )
    expect(passphrase).toHaveAttribute('aria-invalid', 'true')
    expect(passphrase).toHaveFocus()

    await user.clear(passphrase)
    await user.type(passphrase, 'right one')
    await user.click(within(dialog).getByRole('button', { name: 'Save certificate' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const puts = fetchMock.mock.calls
      .filter(([url, init]) => String(url) === `/api${KEY_PATH}` && init?.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init?.body)))
    expect(puts).toEqual([
      { p12Base64: 'MIIK/wB/', passphrase: 'wrong one' },
      { p12Base64: 'MIIK/wB/', passphrase: 'right one' },
    ])
    expect(await screen.findByText('Tech Tokri: Signing certificate saved')).toBeInTheDocument()
    expect(await within(group).findByText(/Signs invoices as/)).toHaveTextContent('Tech Tokri LLP')
  }, 20_000)

  it('removes the certificate after asking, and sends nothing on Cancel', async () => {
    let current: SigningKeyInfo | null = info
    const fetchMock = mockApi({
      'GET /admin/vendors': () => ok({ data: [approved] }),
      [`GET ${KEY_PATH}`]: () => ok({ data: current }),
      [`DELETE ${KEY_PATH}`]: () => {
        current = null
        return ok({ message: 'Signing certificate removed' })
      },
    })
    const deletes = () =>
      fetchMock.mock.calls.filter(
        ([url, init]) => String(url) === `/api${KEY_PATH}` && init?.method === 'DELETE',
      )
    const user = userEvent.setup()
    renderAt('/admin/vendor-verificaton', <VendorVerificationPage />)
    const group = await certificateOf('Tech Tokri')
    await within(group).findByText(/Signs invoices as/)

    await user.click(within(group).getByRole('button', { name: /^Remove/ }))
    const ask = await screen.findByRole('alertdialog', {
      name: 'Remove the signing certificate of Tech Tokri?',
    })
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(deletes()).toHaveLength(0)

    await user.click(within(group).getByRole('button', { name: /^Remove/ }))
    await user.click(await screen.findByRole('button', { name: 'Remove certificate' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(deletes()).toHaveLength(1)
    expect(
      await within(group).findByText('None — invoices carry the electronic-issue text instead'),
    ).toBeInTheDocument()
    expect(within(group).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument()
  })
})
