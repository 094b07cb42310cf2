import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, mockApi, ok, renderAt } from '@/test/api-helpers'
import { SETUP_COMPLETE, sellerSetup } from '@/test/seller-setup'
import { SellerSetupCard } from './seller-setup-card'

afterEach(() => vi.unstubAllGlobals())

describe('SellerSetupCard', () => {
  it('lists each step with its state in words, the progress, and a link to fix what is left', async () => {
    mockApi({
      'GET /admin/seller-setup': () =>
        ok({
          data: sellerSetup({
            businessAddress: 'done',
            pickupAddress: 'done',
            payoutAccount: 'waiting',
            gstin: 'todo',
          }),
        }),
    })
    renderAt('/admin/products', <SellerSetupCard />)
    const card = await screen.findByRole('region', { name: 'Set up your store' })
    expect(within(card).getByText('2 of 4 done')).toBeInTheDocument()

    const items = within(within(card).getByRole('list')).getAllByRole('listitem')
    // The state is text (not only an icon's colour), read with the step's name.
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Business address:Done',
      'Pickup address:Done',
      'Bank account for payouts:Waiting',
      'GSTIN verified:To do',
    ])
    // Done steps need no fixing; the others link to where they are done.
    expect(within(items[0]!).queryByRole('link')).not.toBeInTheDocument()
    expect(within(items[1]!).queryByRole('link')).not.toBeInTheDocument()
    expect(
      within(items[2]!).getByRole('link', { name: 'Add bank account (Bank account for payouts)' }),
    ).toHaveAttribute('href', '/admin/earnings')
    expect(
      within(items[3]!).getByRole('link', { name: 'Contact the marketplace (GSTIN verified)' }),
    ).toHaveAttribute('href', '/contact-us')
    expect(within(items[2]!).getByText(/PAN and the bank account/)).toBeInTheDocument()
  })

  it('links a missing business address to its page, for the invoice and the pickup alike', async () => {
    mockApi({
      'GET /admin/seller-setup': () =>
        ok({
          data: sellerSetup({
            businessAddress: 'todo',
            pickupAddress: 'todo',
            payoutAccount: 'done',
            gstin: 'done',
          }),
        }),
    })
    renderAt('/admin/products', <SellerSetupCard />)
    const card = await screen.findByRole('region', { name: 'Set up your store' })
    expect(within(card).getByText('2 of 4 done')).toBeInTheDocument()
    for (const label of ['Business address', 'Pickup address']) {
      expect(
        within(card).getByRole('link', { name: `Add your business address (${label})` }),
      ).toHaveAttribute('href', '/admin/business-address')
    }
  })

  it('shows nothing once every step is done', async () => {
    const fetchMock = mockApi({ 'GET /admin/seller-setup': () => ok({ data: SETUP_COMPLETE }) })
    const { queryClient } = renderAt('/admin/products', <SellerSetupCard />)
    await waitFor(() => expect(queryClient.getQueryState(['seller-setup'])?.status).toBe('success'))
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('region', { name: 'Set up your store' })).not.toBeInTheDocument()
    expect(screen.queryByText(/of 4 done/)).not.toBeInTheDocument()
  })

  it('says when the checklist cannot be loaded, and tries again on request', async () => {
    let calls = 0
    mockApi({
      'GET /admin/seller-setup': () =>
        ++calls === 1
          ? fail(500, 'Something went wrong')
          : ok({
              data: sellerSetup({
                businessAddress: 'done',
                pickupAddress: 'done',
                payoutAccount: 'todo',
                gstin: 'done',
              }),
            }),
    })
    const user = userEvent.setup()
    renderAt('/admin/products', <SellerSetupCard />)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load your setup checklist.',
    )
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    const card = await screen.findByRole('region', { name: 'Set up your store' })
    expect(within(card).getByText('3 of 4 done')).toBeInTheDocument()
  })
})
