import type { Review } from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ReviewList } from '../components/review-list'
import { createProduct, jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'
import { createReview, reviewListReply, sessionReply } from '@/test/reviews'

const product = createProduct({ title: 'boAt Airdopes 141', averageReview: 4, reviewCount: 30 })
const review = (n: number, extra: Partial<Review> = {}) =>
  createReview({
    _id: `2222222${n}-2222-4222-8222-222222222222`,
    productId: product._id,
    userId: `3333333${n}-3333-4333-8333-333333333333`,
    userName: `Reviewer ${n}`,
    reviewMessage: `Review ${n}`,
    ...extra,
  })
// 30 reviews: 12 of four stars (40%), 9 of five, 6 of three, 3 of one.
const histogram = [
  { stars: 5, count: 9 },
  { stars: 4, count: 12 },
  { stars: 3, count: 6 },
  { stars: 2, count: 0 },
  { stars: 1, count: 3 },
]

function serve(signedIn: boolean, helpful: string[] = []) {
  return mockFetch((url, init) => {
    if (url.pathname === `/api/shop/review/mine/${product._id}`) {
      return jsonResponse({ success: true, data: { review: null, helpful } })
    }
    const vote = url.pathname.match(/^\/api\/shop\/review\/([^/]+)\/helpful$/)
    if (vote) {
      const marking = init?.method === 'POST'
      return jsonResponse({
        success: true,
        data: { reviewId: vote[1], helpful: marking, helpfulCount: marking ? 13 : 12 },
      })
    }
    if (url.pathname === `/api/shop/review/${product._id}`) {
      const sort = url.searchParams.get('sort')
      const stars = url.searchParams.get('stars')
      const list =
        stars === '1'
          ? [review(9, { reviewValue: 1 })]
          : sort === 'helpful'
            ? [review(2, { helpfulCount: 12 }), review(1)]
            : [review(1), review(2, { helpfulCount: 12 })]
      return jsonResponse(
        reviewListReply(list, {
          histogram,
          pagination: { page: 1, pageSize: 10, total: stars ? 3 : 30, totalPages: stars ? 1 : 3 },
        }),
      )
    }
    if (url.pathname === '/api/auth/check-auth') return sessionReply(signedIn)
    return undefined
  })
}

afterEach(() => vi.unstubAllGlobals())

const names = () =>
  within(screen.getByRole('list', { name: 'Reviews' }))
    .getAllByRole('listitem')
    .map((item) => within(item).getByText(/^Reviewer \d$/).textContent)

describe('ratings in depth', () => {
  it('draws the histogram with a spoken label per bar, and a bar filters the list', async () => {
    const fetchMock = serve(false)
    renderRoute(<ReviewList productId={product._id} />)
    const bars = await screen.findByRole('list', { name: 'Ratings by stars' })
    const buttons = within(bars).getAllByRole('button')
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      '5 stars: 9 reviews, 30%',
      '4 stars: 12 reviews, 40%',
      '3 stars: 6 reviews, 20%',
      '2 stars: 0 reviews, 0%',
      '1 star: 3 reviews, 10%',
    ])
    expect(buttons[3]).toBeDisabled()
    expect(buttons[1]).toHaveTextContent('12 · 40%')

    await userEvent.click(buttons[4]!)
    expect(buttons[4]).toHaveAttribute('aria-pressed', 'true')
    await waitFor(() => expect(names()).toEqual(['Reviewer 9']))
    expect(screen.getByText('3 with 1 star')).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('stars=1'))).toBe(true)
  })

  it('sorts by most helpful from the select, and pages through the list', async () => {
    const fetchMock = serve(false)
    renderRoute(<ReviewList productId={product._id} />)
    const select = await screen.findByLabelText('Sort by')
    expect(select).toHaveValue('newest')
    expect(names()).toEqual(['Reviewer 1', 'Reviewer 2'])
    await userEvent.selectOptions(select, 'helpful')
    await waitFor(() => expect(names()).toEqual(['Reviewer 2', 'Reviewer 1']))
    expect(screen.getByText('12 people found this helpful')).toBeInTheDocument()
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => String(input).includes('sort=helpful&page=2')),
      ).toBe(true),
    )
  })

  it('lets a signed-in shopper mark a review helpful and take it back; the count follows', async () => {
    const fetchMock = serve(true)
    renderRoute(<ReviewList productId={product._id} />)
    await screen.findByText('Reviewer 2')
    const item = screen.getByText('Reviewer 2').closest('li')!
    const button = await within(item).findByRole('button', { name: 'Helpful' })
    expect(button).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(button)
    await waitFor(() => expect(item).toHaveTextContent('13 people found this helpful'))
    expect(button).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(button)
    await waitFor(() => expect(item).toHaveTextContent('12 people found this helpful'))
    const methods = (fetchMock.mock.calls as unknown as [RequestInfo | URL, RequestInit?][])
      .filter(([input]) => String(input).endsWith('/helpful'))
      .map(([, init]) => init?.method)
    expect(methods).toEqual(['POST', 'DELETE'])
  })

  it('sends a guest to sign in from the helpful button', async () => {
    serve(false)
    renderRoute(<ReviewList productId={product._id} />)
    await screen.findByText('Reviewer 1')
    const links = await screen.findAllByRole('link', { name: /^Helpful/ })
    expect(links[0]).toHaveAttribute('href', '/login')
    expect(screen.queryByRole('button', { name: 'Helpful' })).toBeNull()
  })

  it('shows review photos as thumbnails and opens the larger one', async () => {
    mockFetch((url) => {
      if (url.pathname === `/api/shop/review/${product._id}`) {
        return jsonResponse(
          reviewListReply([review(1, { photos: ['/uploads/u/abc.webp', '/uploads/u/def.webp'] })]),
        )
      }
      if (url.pathname === '/api/auth/check-auth') {
        return jsonResponse({ success: false, message: 'Please sign in' }, 401)
      }
      return undefined
    })
    renderRoute(<ReviewList productId={product._id} />)
    const thumb = await screen.findByRole('img', { name: 'Photo 2 from Reviewer 1, open larger' })
    expect(thumb).toHaveAttribute('src', '/uploads/u/def-320.webp')
    await userEvent.click(thumb)
    const dialog = await screen.findByRole('dialog', { name: 'Photo from Reviewer 1' })
    expect(within(dialog).getByRole('img', { name: 'Photo 2 from Reviewer 1' })).toHaveAttribute(
      'src',
      '/uploads/u/def.webp',
    )
    expect(within(dialog).getByText('2 of 2')).toBeInTheDocument()
  })
})
