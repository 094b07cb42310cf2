import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from '@/lib/toast'
import { jsonResponse, renderRoute } from '@/test/route-helpers'
import { OrderDetails } from '../components/order-details'
import { createOrder, createParcel, ORDER_ID, PART_A, PART_B, serveOrder } from './order-fixture'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const REPORT_PATH = `/api/shop/order/${ORDER_ID}/grievances`
const twoSellers = () =>
  createOrder({
    parcels: [
      createParcel({ subOrderId: PART_A, seller: 'Store Bengaluru' }),
      createParcel({ subOrderId: PART_B, seller: 'Store Pune' }),
    ],
  })

describe('Report a problem on the order details', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
  })

  it('asks what it is about and describes it before sending anything', async () => {
    const served = serveOrder(twoSellers)
    const u = userEvent.setup()
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    await u.click(await screen.findByRole('button', { name: 'Report a problem' }))
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem with this order' })
    await u.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(within(dialog).getByLabelText('What is the problem about?')).toHaveAccessibleDescription(
      'Choose what the problem is about',
    )
    expect(within(dialog).getByLabelText('Describe the problem')).toHaveAccessibleDescription(
      'Describe the problem is required',
    )
    expect(served.posts).toEqual([])
  })

  it('opens a ticket about the seller chosen and says its number', async () => {
    const served = serveOrder(twoSellers, () =>
      jsonResponse(
        { success: true, message: 'We have your complaint: ticket GRV-000007', data: {} },
        201,
      ),
    )
    const u = userEvent.setup()
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    await u.click(await screen.findByRole('button', { name: 'Report a problem' }))
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem with this order' })
    await u.selectOptions(
      within(dialog).getByLabelText('What is the problem about?'),
      'Damaged or defective item',
    )
    await u.selectOptions(within(dialog).getByLabelText('Which seller’s items?'), 'Store Pune')
    await u.type(within(dialog).getByLabelText('Describe the problem'), 'Cracked screen')
    await u.click(within(dialog).getByRole('button', { name: 'Send report' }))
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(served.posts).toEqual([
      {
        path: REPORT_PATH,
        body: { category: 'damaged', message: 'Cracked screen', subOrderId: PART_B },
      },
    ])
    expect(toast.success).toHaveBeenCalledWith('We have your complaint: ticket GRV-000007')
  })
})
