import { REVIEW_REFUSALS, type ReviewEligibility } from '@techbazaar/shared'
import { toast } from 'sonner'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ProductDetailDialog } from '../components/product-detail-dialog'
import { createProduct, jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'
import { createReview, reviewer, reviewListReply, sessionReply } from '@/test/reviews'

const product = createProduct({ title: 'boAt Airdopes 141', averageReview: 4.5, reviewCount: 2 })
const unreviewed = createProduct({ title: 'boAt Stone 352', averageReview: 0, reviewCount: 0 })
const reviews = [
  createReview({
    _id: '22222222-2222-4222-8222-222222222222',
    productId: product._id,
    userName: 'Priya',
    reviewMessage: '<b>Loud</b> and clear',
    reviewValue: 5,
  }),
]
const eligible: ReviewEligibility = { canReview: true, reason: null }

function serve({
  signedIn,
  list = reviews,
  eligibility = eligible,
}: {
  signedIn: boolean
  list?: unknown[]
  eligibility?: ReviewEligibility
}) {
  const fetchMock = mockFetch((url) => {
    if (url.pathname === `/api/shop/review/eligibility/${product._id}`) {
      return jsonResponse({ success: true, data: eligibility })
    }
    if (url.pathname === `/api/shop/products/get/${product._id}`) {
      return jsonResponse({ success: true, data: product })
    }
    if (url.pathname === `/api/shop/products/get/${unreviewed._id}`) {
      return jsonResponse({ success: true, data: unreviewed })
    }
    if (url.pathname === `/api/shop/review/mine/${product._id}`) {
      return jsonResponse({ success: true, data: { review: null, helpful: [] } })
    }
    if (url.pathname === `/api/shop/review/${unreviewed._id}`) {
      return jsonResponse(reviewListReply([]))
    }
    if (url.pathname === `/api/shop/review/${product._id}`) {
      return jsonResponse(reviewListReply(list as { reviewValue: number }[]))
    }
    if (url.pathname === '/api/auth/check-auth') return sessionReply(signedIn)
    return undefined
  })
  return { fetchMock }
}

afterEach(() => {
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe('ProductDetailDialog reviews', () => {
  it('says "No Reviews" for a product nobody reviewed, one wording, without a 0.00 or empty stars', async () => {
    serve({ signedIn: false })
    renderRoute(<ProductDetailDialog productId={unreviewed._id} onClose={() => {}} />)
    expect(await screen.findByRole('heading', { name: 'boAt Stone 352' })).toBeInTheDocument()
    // One wording wherever it is said (issue 31.5): the spec's, by the rating and in the list.
    expect(screen.getAllByText('No Reviews').length).toBeGreaterThan(0)
    expect(screen.queryByText(/no reviews yet/i)).toBeNull()
    expect(screen.queryByText(/0\.00/)).toBeNull()
    expect(screen.queryByRole('img', { name: /^Rated/ })).toBeNull()
  })

  it('lists reviews as plain text with author, stars and date, and the average to 2 decimals', async () => {
    serve({ signedIn: false })
    renderRoute(<ProductDetailDialog productId={product._id} onClose={() => {}} />)
    const list = await screen.findByRole('list', { name: 'Reviews' })
    const item = within(list).getByRole('listitem')
    expect(item).toHaveTextContent('Priya')
    expect(item).toHaveTextContent('<b>Loud</b> and clear')
    expect(item.querySelector('b')).toBeNull()
    expect(within(item).getByRole('img', { name: 'Rated 5.00 out of 5' })).toBeInTheDocument()
    expect(item).toHaveTextContent('14 Mar 2026')
    expect(screen.getAllByText(/4\.50/).length).toBeGreaterThan(0)
  })

  it('says "No Reviews" and sends guests to sign in, remembering where they were', async () => {
    serve({ signedIn: false, list: [] })
    renderRoute(<ProductDetailDialog productId={product._id} onClose={() => {}} />, {
      path: '/shop/listing',
      initialEntry: `/shop/listing?product=${product._id}`,
    })
    expect(await screen.findByText('No Reviews')).toBeInTheDocument()
    const link = await screen.findByRole('link', { name: 'Sign in to write a review' })
    expect(link).toHaveAttribute('href', '/login')
    await userEvent.click(link)
    expect(sessionStorage.getItem('previous_url')).toBe(`/shop/listing?product=${product._id}`)
  })

  it('keeps Submit disabled while the message is blank, then posts the review', async () => {
    const { fetchMock } = serve({ signedIn: true, list: [] })
    const user = userEvent.setup()
    renderRoute(<ProductDetailDialog productId={product._id} onClose={() => {}} />)
    const submit = await screen.findByRole('button', { name: 'Submit' })
    expect(submit).toBeDisabled()
    const message = screen.getByLabelText('Your review')
    await user.type(message, '    ')
    expect(submit).toBeDisabled()

    // Keyboard: focus the first star and move to four with the arrow keys.
    screen.getByRole('radio', { name: /^1 star/ }).focus()
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}')
    expect(screen.getByRole('radio', { name: /^4 stars/ })).toBeChecked()

    await user.type(message, 'Great value')
    expect(submit).toBeEnabled()
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost')
      if (url.pathname === '/api/shop/review/add') {
        return jsonResponse({
          success: true,
          message: 'Review added successfully!',
          data: { ...reviews[0], userId: reviewer.id, reviewValue: 4 },
          product: { averageReview: 4, reviewCount: 1 },
          echo: init?.body,
        })
      }
      if (url.pathname === '/api/auth/check-auth')
        return jsonResponse({ success: true, user: reviewer })
      if (url.pathname.startsWith('/api/shop/review/eligibility/'))
        return jsonResponse({ success: true, data: eligible })
      if (url.pathname.startsWith('/api/shop/review/mine/'))
        return jsonResponse({ success: true, data: { review: null, helpful: [] } })
      if (url.pathname.startsWith('/api/shop/review/')) return jsonResponse(reviewListReply([]))
      return jsonResponse({ success: true, data: product })
    })
    const success = vi.spyOn(toast, 'success')
    await user.click(submit)
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => String(input).endsWith('/api/shop/review/add')),
      ).toBe(true),
    )
    await waitFor(() => expect(success).toHaveBeenCalledWith('Review added successfully!'))
    // The mock is typed with one parameter; fetch also received its init.
    const calls = fetchMock.mock.calls as unknown as [RequestInfo | URL, RequestInit?][]
    const call = calls.find(([input]) => String(input).endsWith('/api/shop/review/add'))
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      productId: product._id,
      userId: reviewer.id,
      userName: 'Rahul Sharma',
      reviewMessage: 'Great value',
      reviewValue: 4,
      photos: [],
    })
    // The list and the product are fetched again.
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([input]) =>
          String(input).includes(`/api/shop/review/${product._id}?`),
        ).length,
      ).toBeGreaterThanOrEqual(2),
    )
  })

  it('marks verified purchases and leaves older reviews unmarked', async () => {
    const legacy = {
      ...reviews[0],
      _id: '44444444-4444-4444-8444-444444444444',
      userName: 'Old Timer',
      verifiedPurchase: false,
    }
    serve({ signedIn: false, list: [...reviews, legacy] })
    renderRoute(<ProductDetailDialog productId={product._id} onClose={() => {}} />)
    const items = within(await screen.findByRole('list', { name: 'Reviews' })).getAllByRole(
      'listitem',
    )
    expect(items[0]).toHaveTextContent('Priya')
    expect(within(items[0]!).getByText('Verified purchase')).toBeInTheDocument()
    expect(items[1]).toHaveTextContent('Old Timer')
    expect(within(items[1]!).queryByText('Verified purchase')).toBeNull()
  })

  it.each([
    [REVIEW_REFUSALS.notBought, false],
    [REVIEW_REFUSALS.notDelivered, true],
    [REVIEW_REFUSALS.notShopper, true],
  ])('shows why instead of the form when the user may not review (%s)', async (reason, shown) => {
    serve({ signedIn: true, eligibility: { canReview: false, reason } })
    renderRoute(<ProductDetailDialog productId={product._id} onClose={() => {}} />)
    expect(
      await screen.findByText('Only verified buyers can review this product'),
    ).toBeInTheDocument()
    expect(screen.queryByText(reason) !== null).toBe(shown)
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull()
    expect(screen.queryByLabelText('Your review')).toBeNull()
  })
})
