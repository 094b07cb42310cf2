import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from '@/lib/toast'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createProduct, jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'
import { CartSheet } from '../components/cart-sheet'
import { addGuestCartItem, getGuestCart } from '@/lib/cart/guest-cart'

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const phone = createProduct({
  title: 'Galaxy S25',
  price: 80_000,
  salePrice: 74_999,
  totalStock: 2,
})
const cable = createProduct({ title: 'USB-C Cable', price: 499, salePrice: 0, totalStock: 50 })

describe('CartSheet', () => {
  beforeEach(() => {
    localStorage.clear()
    mockFetch((url) => {
      const product = [phone, cable].find((p) => url.pathname === `/api/shop/products/get/${p._id}`)
      return product ? jsonResponse({ success: true, data: product }) : undefined
    })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('says the cart is empty and offers a way to start shopping', async () => {
    const user = userEvent.setup()
    renderRoute(<CartSheet />)
    await user.click(screen.getByRole('button', { name: 'Cart, 0 items' }))
    const sheet = await screen.findByRole('dialog')
    expect(within(sheet).getByText('Your cart is empty.')).toBeInTheDocument()
    expect(within(sheet).getByRole('link', { name: 'Start shopping' })).toHaveAttribute(
      'href',
      '/shop/listing',
    )
  })

  it('lists lines with line totals and the total at effective prices', async () => {
    addGuestCartItem(phone._id, 1)
    addGuestCartItem(cable._id, 3)
    const user = userEvent.setup()
    renderRoute(<CartSheet />)
    await user.click(screen.getByRole('button', { name: 'Cart, 4 items' }))
    const sheet = await screen.findByRole('dialog')
    expect(await within(sheet).findByText('Galaxy S25')).toBeInTheDocument()
    expect(within(sheet).getByText('₹74,999')).toBeInTheDocument()
    expect(within(sheet).getByText('₹1,497')).toBeInTheDocument()
    expect(within(sheet).getByText('₹76,496')).toBeInTheDocument()
    expect(within(sheet).getByRole('link', { name: 'Checkout' })).toHaveAttribute(
      'href',
      '/shop/checkout',
    )
  })

  it('disables minus at 1, refuses plus beyond stock, and deletes a line', async () => {
    addGuestCartItem(phone._id, 1)
    const user = userEvent.setup()
    renderRoute(<CartSheet />)
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }))
    const sheet = await screen.findByRole('dialog')
    await within(sheet).findByText('Galaxy S25')

    expect(within(sheet).getByRole('button', { name: 'Decrease quantity' })).toBeDisabled()
    const plus = within(sheet).getByRole('button', { name: 'Increase quantity' })
    await user.click(plus)
    expect(getGuestCart()).toEqual([{ productId: phone._id, quantity: 2 }])
    await user.click(plus)
    expect(toast.error).toHaveBeenCalledWith('Only 2 quantity can be added for this item')
    expect(getGuestCart()).toEqual([{ productId: phone._id, quantity: 2 }])

    await user.click(within(sheet).getByRole('button', { name: 'Remove Galaxy S25' }))
    expect(toast.success).toHaveBeenCalledWith('Cart item is deleted successfully')
    await waitFor(() => expect(within(sheet).getByText('Your cart is empty.')).toBeInTheDocument())
  })
})
