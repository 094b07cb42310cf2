import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ProductDetailDialog } from '../components/product-detail-dialog'
import { createUser } from '@/test/api-helpers'
import { createProduct, jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'
import { reviewListReply } from '@/test/reviews'

const product = createProduct({ title: 'boAt Airdopes 141' })
const shopper = createUser()

/** The courier's answers by pincode, as the API gives them. */
const ANSWERS: Record<string, unknown> = {
  '560034': { serviceable: true, cod: true, deliveryBy: '2026-11-26' },
  '791111': { serviceable: true, cod: false, deliveryBy: '2026-11-30' },
  '744101': { serviceable: false, cod: false, deliveryBy: null },
}

function serve({ signedIn }: { signedIn: boolean }) {
  return mockFetch((url) => {
    if (url.pathname === `/api/shop/products/get/${product._id}`) {
      return jsonResponse({ success: true, data: product })
    }
    if (url.pathname === `/api/shop/review/${product._id}`) {
      return jsonResponse(reviewListReply([]))
    }
    if (url.pathname === '/api/shop/serviceability') {
      expect(url.searchParams.get('productId')).toBe(product._id)
      const pincode = url.searchParams.get('pincode')!
      return ANSWERS[pincode]
        ? jsonResponse({ success: true, data: ANSWERS[pincode] })
        : jsonResponse(
            {
              success: false,
              message: 'We could not check delivery to this pincode right now. Please try again.',
            },
            502,
          )
    }
    if (url.pathname === `/api/shop/address/get/${shopper.id}`) {
      return jsonResponse({
        success: true,
        data: [
          {
            _id: '22222222-2222-4222-8222-222222222222',
            userId: shopper.id,
            address: '12 MG Road',
            city: 'Bengaluru',
            pincode: '560034',
            phone: '9876543210',
            notes: 'Gate 2',
          },
        ],
      })
    }
    if (url.pathname === '/api/auth/check-auth') {
      return signedIn
        ? jsonResponse({ success: true, user: shopper })
        : jsonResponse({ success: false, message: 'Please sign in' }, 401)
    }
    return undefined
  })
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

async function openDialog() {
  renderRoute(<ProductDetailDialog productId={product._id} onClose={() => {}} />)
  return screen.findByLabelText('Delivery pincode')
}

describe('ProductDetailDialog delivery check', () => {
  it('shows the delivery day and cash on delivery for a typed pincode, and remembers it', async () => {
    serve({ signedIn: false })
    const u = userEvent.setup()
    const input = await openDialog()
    expect(screen.getByText('Enter your pincode to see the delivery date.')).toBeInTheDocument()
    await u.type(input, '560034{Enter}')
    expect(await screen.findByText('Thursday, 26 November')).toBeInTheDocument()
    expect(screen.getByText('Cash on delivery available')).toBeInTheDocument()
    expect(localStorage.getItem('delivery_pincode')).toBe('560034')

    await u.clear(input)
    await u.type(input, '791111')
    await u.click(screen.getByRole('button', { name: 'Check' }))
    expect(await screen.findByText('Monday, 30 November')).toBeInTheDocument()
    expect(screen.getByText('Cash on delivery is not available here')).toBeInTheDocument()
  })

  it('says where the courier does not go, refuses a malformed pincode, and reports an outage', async () => {
    serve({ signedIn: false })
    const u = userEvent.setup()
    const input = await openDialog()
    await u.type(input, '04410{Enter}')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Pincode must be 6 digits')).toBeInTheDocument()

    await u.clear(input)
    await u.type(input, '744101{Enter}')
    expect(await screen.findByText('We do not deliver to pincode 744101 yet.')).toBeInTheDocument()

    await u.clear(input)
    await u.type(input, '403001{Enter}')
    expect(
      await screen.findByText(
        'We could not check delivery to this pincode right now. Please try again.',
      ),
    ).toBeInTheDocument()
  })

  it("offers a signed-in shopper's saved pincodes, and checks the remembered one on opening", async () => {
    localStorage.setItem('delivery_pincode', '791111')
    serve({ signedIn: true })
    const u = userEvent.setup()
    await openDialog()
    expect(await screen.findByText('Monday, 30 November')).toBeInTheDocument()
    await u.click(await screen.findByRole('button', { name: 'Bengaluru 560034' }))
    expect(await screen.findByText('Thursday, 26 November')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Bengaluru 560034' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })
})
