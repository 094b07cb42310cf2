import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from '@/lib/toast'
import { jsonResponse, renderRoute } from '@/test/route-helpers'
import { OrderDetails } from '../components/order-details'
import {
  CASE,
  CLOSED_ON,
  createOrder,
  createReturn,
  deliveredParcel,
  ORDER_ID,
  PHONE,
  serveOrder,
} from './order-fixture'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const RETURNS_PATH = `/api/shop/order/${ORDER_ID}/returns`
const CREATED = { success: true, message: 'Your return was requested.', data: [] }

/** Delivered; the case is already in a return, and an earlier phone return was rejected. */
const delivered = (overrides: Parameters<typeof createOrder>[0] = {}) =>
  createOrder({
    orderStatus: 'delivered',
    parcels: [deliveredParcel()],
    returns: [
      createReturn(),
      createReturn({
        _id: 'c0ffee00-0000-4000-8000-0000000000d2',
        status: 'rejected',
        items: [{ productId: PHONE, title: 'Pixel 9', image: '', price: 1999, quantity: 1 }],
      }),
    ],
    ...overrides,
  })

async function openReturnDialog(u: ReturnType<typeof userEvent.setup>) {
  await u.click(await screen.findByRole('button', { name: 'Return items from Store Bengaluru' }))
  return screen.findByRole('dialog', { name: 'Return items' })
}

const stepper = (dialog: HTMLElement, title: string) =>
  within(dialog).getByRole('group', { name: `Quantity of ${title} to return` })

describe('Return items on a delivered parcel', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
  })

  it('posts the chosen quantities, capped at what may still be returned, with the reason', async () => {
    const served = serveOrder(delivered, () => jsonResponse(CREATED, 201))
    const u = userEvent.setup()
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    const button = await screen.findByRole('button', { name: 'Return items from Store Bengaluru' })
    expect(button).toHaveAccessibleDescription('Return window closes on 1 Dec')

    const dialog = await openReturnDialog(u)
    // 2 phones delivered, the rejected return gives its unit back: up to 2. The case is taken.
    const phone = stepper(dialog, 'Pixel 9')
    // A third click asks for more than may be returned: nothing changes.
    for (let i = 0; i < 3; i += 1)
      await u.click(within(phone).getByRole('button', { name: 'More' }))
    expect(within(phone).getByRole('status')).toHaveTextContent('2')
    expect(within(phone).getByRole('button', { name: 'More' })).toBeDisabled()
    expect(
      within(stepper(dialog, 'Pixel 9 case')).getByRole('button', { name: 'More' }),
    ).toBeDisabled()
    expect(dialog).toHaveTextContent('Already in a return')
    expect(dialog).toHaveTextContent('Refund for these items: ₹3,998')
    // An online payment is refunded to its source: no account asked.
    expect(within(dialog).queryByLabelText('UPI id')).not.toBeInTheDocument()

    await u.selectOptions(within(dialog).getByLabelText('Reason'), 'Damaged')
    await u.type(within(dialog).getByLabelText('Note (optional)'), 'Screen cracked')
    await u.click(within(dialog).getByRole('button', { name: 'Request return' }))

    await vi.waitFor(() =>
      expect(served.posts).toEqual([
        {
          path: RETURNS_PATH,
          body: {
            items: [{ productId: PHONE, quantity: 2 }],
            reason: 'damaged',
            note: 'Screen cracked',
          },
        },
      ]),
    )
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Return items' })).not.toBeInTheDocument(),
    )
    expect(toast.success).toHaveBeenCalledWith('Your return was requested.')
    await vi.waitFor(() => expect(served.detailReads()).toBe(2))
  })

  it('says what is missing before posting', async () => {
    const served = serveOrder(delivered)
    const u = userEvent.setup()
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    const dialog = await openReturnDialog(u)
    await u.click(within(dialog).getByRole('button', { name: 'Request return' }))
    expect(dialog).toHaveTextContent('Choose the items to return')
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('Choose a reason')
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please check the highlighted fields.',
    )
    expect(served.posts).toEqual([])
  })

  it('asks a cash-on-delivery shopper where to pay the refund, and checks the UPI id', async () => {
    const served = serveOrder(
      () => delivered({ paymentMethod: 'COD', returns: [] }),
      () => jsonResponse(CREATED, 201),
    )
    const u = userEvent.setup()
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    const dialog = await openReturnDialog(u)
    await u.click(within(stepper(dialog, 'Pixel 9 case')).getByRole('button', { name: 'More' }))
    await u.selectOptions(within(dialog).getByLabelText('Reason'), 'Wrong item')

    const upi = within(dialog).getByLabelText('UPI id')
    await u.click(within(dialog).getByRole('button', { name: 'Request return' }))
    expect(upi).toHaveAccessibleDescription('Enter a UPI id like name@bank')
    expect(upi).toHaveFocus()
    await u.type(upi, 'ravi')
    await u.click(within(dialog).getByRole('button', { name: 'Request return' }))
    expect(upi).toHaveAccessibleDescription('Enter a UPI id like name@bank')
    expect(served.posts).toEqual([])

    await u.type(upi, '@okaxis')
    await u.click(within(dialog).getByRole('button', { name: 'Request return' }))
    await vi.waitFor(() =>
      expect(served.posts).toEqual([
        {
          path: RETURNS_PATH,
          body: {
            items: [{ productId: CASE, quantity: 1 }],
            reason: 'wrongItem',
            payout: { kind: 'upi', upiId: 'ravi@okaxis' },
          },
        },
      ]),
    )
  })

  it('checks a bank account’s IFSC for a cash-on-delivery refund', async () => {
    const served = serveOrder(() => delivered({ paymentMethod: 'COD', returns: [] }))
    const u = userEvent.setup()
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    const dialog = await openReturnDialog(u)
    await u.click(within(stepper(dialog, 'Pixel 9')).getByRole('button', { name: 'More' }))
    await u.selectOptions(within(dialog).getByLabelText('Reason'), 'Defective')
    await u.click(within(dialog).getByRole('radio', { name: 'Bank account' }))
    await u.type(within(dialog).getByLabelText('Account holder’s name'), 'Ravi Kumar')
    await u.type(within(dialog).getByLabelText('Account number'), '123456789012')
    await u.type(within(dialog).getByLabelText('IFSC'), 'sbin001234')
    await u.click(within(dialog).getByRole('button', { name: 'Request return' }))
    expect(within(dialog).getByLabelText('IFSC')).toHaveAccessibleDescription(
      'Enter an IFSC like SBIN0001234',
    )
    expect(served.posts).toEqual([])
  })

  it('shows the API’s refusal in its words', async () => {
    serveOrder(delivered, () =>
      jsonResponse(
        { success: false, message: 'The return window for this order closed on 1 Dec' },
        409,
      ),
    )
    const u = userEvent.setup()
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    const dialog = await openReturnDialog(u)
    await u.click(within(stepper(dialog, 'Pixel 9')).getByRole('button', { name: 'More' }))
    await u.selectOptions(within(dialog).getByLabelText('Reason'), 'No longer needed')
    await u.click(within(dialog).getByRole('button', { name: 'Request return' }))
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'The return window for this order closed on 1 Dec',
      ),
    )
    expect(toast.success).not.toHaveBeenCalled()
  })

  it('says the window closed, with no button, once it has', async () => {
    serveOrder(() => delivered({ parcels: [deliveredParcel({ returnableUntil: CLOSED_ON })] }))
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    expect(await screen.findByText('Return window closed on 1 Dec')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Return items/ })).not.toBeInTheDocument()
  })

  it('starts a one-item parcel at quantity 1, and a parcel of several at none', async () => {
    const base = createOrder()
    serveOrder(() =>
      createOrder({
        orderStatus: 'delivered',
        parcels: [deliveredParcel()],
        cartItems: [base.cartItems[0]!],
      }),
    )
    const u = userEvent.setup()
    const view = renderRoute(<OrderDetails orderId={ORDER_ID} />)
    const single = await openReturnDialog(u)
    expect(within(stepper(single, 'Pixel 9')).getByRole('status')).toHaveTextContent('1')
    expect(single).toHaveTextContent('Refund for these items: ₹1,999')
    view.unmount()
    vi.unstubAllGlobals()

    serveOrder(() => createOrder({ orderStatus: 'delivered', parcels: [deliveredParcel()] }))
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    const several = await openReturnDialog(u)
    expect(within(stepper(several, 'Pixel 9')).getByRole('status')).toHaveTextContent('0')
    expect(within(stepper(several, 'Pixel 9 case')).getByRole('status')).toHaveTextContent('0')
  })
})
