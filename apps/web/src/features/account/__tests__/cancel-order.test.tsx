import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from '@/lib/toast'
import { jsonResponse, renderRoute } from '@/test/route-helpers'
import { OrderDetails } from '../components/order-details'
import { createOrder, createParcel, ORDER_ID, PART_A, PART_B, serveOrder } from './order-fixture'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const CANCEL_PATH = `/api/shop/order/${ORDER_ID}/cancel`
const twoSellers = () =>
  createOrder({
    parcels: [
      createParcel({ subOrderId: PART_A, seller: 'Store Bengaluru' }),
      createParcel({ subOrderId: PART_B, seller: 'Store Pune' }),
    ],
  })

describe('Cancel order on the order details', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
  })

  it('cancels one seller’s part with the chosen reason, then refreshes the order', async () => {
    let order = twoSellers()
    const served = serveOrder(
      () => order,
      () => {
        order = createOrder({
          parcels: [
            createParcel({ subOrderId: PART_A, seller: 'Store Bengaluru' }),
            createParcel({
              subOrderId: PART_B,
              seller: 'Store Pune',
              status: 'cancelled',
              cancellable: false,
            }),
          ],
        })
        return jsonResponse({
          success: true,
          message: 'The part from Store Pune was cancelled.',
          orderStatus: 'confirmed',
        })
      },
    )
    const u = userEvent.setup()
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    // The whole order, and each part of a several-seller order.
    expect(await screen.findByRole('button', { name: 'Cancel order' })).toBeEnabled()
    expect(
      screen.getByRole('button', { name: 'Cancel this part from Store Bengaluru' }),
    ).toBeEnabled()
    await u.click(screen.getByRole('button', { name: 'Cancel this part from Store Pune' }))

    const dialog = await screen.findByRole('dialog', { name: 'Cancel the part from Store Pune?' })
    expect(dialog).toHaveTextContent(
      'Items go back on sale. A paid amount is refunded in full to your original payment method; there is no cancellation charge.',
    )
    await u.click(within(dialog).getByRole('radio', { name: 'Changed my mind' }))
    await u.click(within(dialog).getByRole('button', { name: 'Cancel this part' }))

    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Cancel the part/ })).not.toBeInTheDocument(),
    )
    expect(served.posts).toEqual([
      { path: CANCEL_PATH, body: { subOrderId: PART_B, reason: 'Changed my mind' } },
    ])
    expect(toast.success).toHaveBeenCalledWith('The part from Store Pune was cancelled.')
    // The refreshed details no longer offer the cancelled part.
    await vi.waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Cancel this part from Store Pune' }),
      ).not.toBeInTheDocument(),
    )
    expect(served.detailReads()).toBe(2)
  })

  it('asks for a reason before posting anything, and takes the shopper’s own words', async () => {
    const served = serveOrder(() => createOrder({ paymentMethod: 'COD', paymentStatus: 'pending' }))
    const u = userEvent.setup()
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    await u.click(await screen.findByRole('button', { name: 'Cancel order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' })
    // Cash on delivery: nothing to refund.
    expect(dialog).toHaveTextContent('Items go back on sale. Nothing was charged.')
    // A one-seller order has no separate part button.
    expect(screen.queryByRole('button', { name: /Cancel this part/ })).not.toBeInTheDocument()

    await u.click(within(dialog).getByRole('button', { name: 'Cancel order' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Tell us why you are cancelling')
    // "Other" with nothing written is no reason either.
    await u.click(within(dialog).getByRole('radio', { name: 'Other' }))
    await u.click(within(dialog).getByRole('button', { name: 'Cancel order' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Tell us why you are cancelling')
    expect(served.posts).toEqual([])

    await u.type(within(dialog).getByLabelText('Your reason'), 'Bought it in a shop')
    await u.click(within(dialog).getByRole('button', { name: 'Cancel order' }))
    await vi.waitFor(() =>
      expect(served.posts).toEqual([
        { path: CANCEL_PATH, body: { reason: 'Bought it in a shop' } },
      ]),
    )
  })

  it('shows the API’s refusal in the dialog', async () => {
    const served = serveOrder(
      () => createOrder(),
      () =>
        jsonResponse(
          { success: false, message: 'This order has shipped and can no longer be cancelled.' },
          409,
        ),
    )
    const u = userEvent.setup()
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    await u.click(await screen.findByRole('button', { name: 'Cancel order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' })
    await u.click(within(dialog).getByRole('radio', { name: 'Ordered by mistake' }))
    await u.click(within(dialog).getByRole('button', { name: 'Cancel order' }))
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'This order has shipped and can no longer be cancelled.',
      ),
    )
    expect(served.posts).toHaveLength(1)
    expect(toast.success).not.toHaveBeenCalled()
    // Closing it reloads the details, which were stale.
    await u.click(within(dialog).getByRole('button', { name: 'Keep order' }))
    await vi.waitFor(() => expect(served.detailReads()).toBe(2))
  })

  it('offers no cancel once every part has shipped', async () => {
    serveOrder(() =>
      createOrder({
        orderStatus: 'inShipping',
        parcels: [createParcel({ status: 'inShipping', cancellable: false })],
      }),
    )
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    expect(await screen.findByText('Delivery Address')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument()
  })

  it('lists the items being cancelled with their sellers, as the parcel cards name them', async () => {
    const base = twoSellers()
    const [phone, phoneCase] = base.cartItems
    serveOrder(() => ({
      ...base,
      cartItems: [
        { ...phone!, subOrderId: PART_A },
        { ...phoneCase!, subOrderId: PART_B },
      ],
    }))
    const u = userEvent.setup()
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    await u.click(await screen.findByRole('button', { name: 'Cancel this part from Store Pune' }))
    const part = await screen.findByRole('dialog', { name: 'Cancel the part from Store Pune?' })
    const partItems = within(part).getByRole('region', { name: 'Items being cancelled' })
    expect(
      within(partItems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Pixel 9 caseSold by Store Pune× 1'])
    await u.click(within(part).getByRole('button', { name: 'Keep order' }))

    await u.click(screen.getByRole('button', { name: 'Cancel order' }))
    const whole = await screen.findByRole('dialog', { name: 'Cancel this order?' })
    const wholeItems = within(whole).getByRole('region', { name: 'Items being cancelled' })
    expect(
      within(wholeItems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Pixel 9Sold by Store Bengaluru× 2', 'Pixel 9 caseSold by Store Pune× 1'])
  })
})
