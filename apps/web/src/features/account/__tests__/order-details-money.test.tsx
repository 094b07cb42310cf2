import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '@/test/route-helpers'
import { OrderDetails } from '../components/order-details'
import { ACTIVE, CASE, createOrder, ORDER_ID, PHONE, serveOrder } from './order-fixture'

describe('OrderDetails after a cancellation (issue 26.8)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('marks the cancelled line and reads Paid once the courier collected the cash', async () => {
    serveOrder(() =>
      createOrder({
        paymentMethod: 'COD',
        paymentStatus: 'pending',
        displayPaymentStatus: 'paid',
        cartItems: [
          {
            productId: PHONE,
            shortId: 'p9phone1',
            title: 'Pixel 9',
            image: '',
            price: 1999,
            quantity: 2,
            ...ACTIVE,
          },
          {
            productId: CASE,
            shortId: 'p9case01',
            title: 'Pixel 9 case',
            image: '',
            price: 499,
            quantity: 1,
            state: 'cancelled',
            cancelledQuantity: 1,
            returnedQuantity: 0,
          },
        ],
      }),
    )
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    const items = await screen.findByRole('region', { name: 'Items' })
    const [phone, pouch] = within(items).getAllByRole('listitem')
    expect(within(pouch!).getByText('Cancelled')).toBeInTheDocument()
    expect(within(pouch!).getByText('₹499')).toHaveClass('line-through')
    expect(within(phone!).queryByText('Cancelled')).not.toBeInTheDocument()
    expect(screen.getByText('Paid')).toBeInTheDocument()
  })

  it('says how many units of a line came back', async () => {
    serveOrder(() =>
      createOrder({
        orderStatus: 'delivered',
        cartItems: [
          {
            productId: PHONE,
            shortId: 'p9phone1',
            title: 'Pixel 9',
            image: '',
            price: 1999,
            quantity: 2,
            state: 'active',
            cancelledQuantity: 0,
            returnedQuantity: 1,
          },
        ],
      }),
    )
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    const items = await screen.findByRole('region', { name: 'Items' })
    expect(within(items).getByText('1 returned')).toBeInTheDocument()
  })

  it('shows who the order goes to and the landmark with the delivery address (issue 31.7)', async () => {
    const order = createOrder()
    serveOrder(() =>
      createOrder({
        addressInfo: {
          ...order.addressInfo,
          recipientName: 'Meera Iyer',
          landmark: 'Opposite Forum Mall',
        },
      }),
    )
    renderRoute(<OrderDetails orderId={ORDER_ID} />)
    const delivery = await screen.findByRole('region', { name: 'Delivery address' })
    expect(delivery).toHaveTextContent(
      'Meera Iyer12 MG Road, Landmark: Opposite Forum Mall, Bengaluru – 560001',
    )
  })
})
