import { expect, signIn, test } from './fixtures'

/**
 * Ratings in depth (issue 32.10, decision 094): a product page's rating histogram, and a
 * shopper marking someone's review helpful.
 */
interface ListedProduct {
  _id: string
  title: string
  shortId: string
  reviewCount: number
}

test('the product page shows the histogram; a shopper marks a review helpful', async ({
  page,
  request,
}) => {
  // Signing in, the page, a vote and a reload: more than the default 30 s on a busy machine.
  test.slow()
  // The most reviewed seeded product: every review there is another shopper's (the seed's
  // reviewers), so the demo shopper may mark any of them.
  const list = (await (
    await request.get('/api/shop/products/get?limit=100&sortBy=title-atoz')
  ).json()) as { data: ListedProduct[] }
  const product = [...list.data].sort((a, b) => b.reviewCount - a.reviewCount)[0]!
  expect(product.reviewCount).toBeGreaterThan(0)

  await signIn(page, 'shopper@demo.test')
  await expect(page).not.toHaveURL(/\/login$/)
  await page.goto(`/p/x-${product.shortId}`)
  const reviews = page.locator('#reviews')
  const bars = reviews.getByRole('list', { name: 'Ratings by stars' })
  await expect(bars.getByRole('button')).toHaveCount(5)
  const labels = await bars
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''))
  const counted = labels.reduce((sum, label) => {
    expect(label).toMatch(/^\d stars?: \d+ reviews?, \d+%$/)
    return sum + Number(label.match(/: (\d+) review/)![1])
  }, 0)
  expect(counted).toBe(product.reviewCount)

  const first = reviews.getByRole('list', { name: 'Reviews' }).getByRole('listitem').first()
  const helpful = first.getByRole('button', { name: 'Helpful' })
  // The suite may have marked it on an earlier run against the same shop: start unmarked.
  if ((await helpful.getAttribute('aria-pressed')) === 'true') {
    await helpful.click()
    await expect(helpful).toHaveAttribute('aria-pressed', 'false')
  }
  // No count is shown while nobody marked it (a locator's text would wait for it).
  const countOf = async () => {
    const shown = first.getByTestId('helpful-count')
    if ((await shown.count()) === 0) return 0
    return Number((await shown.textContent())?.match(/^(\d+)/)?.[1] ?? 0)
  }
  const before = await countOf()
  await helpful.click()
  await expect(helpful).toHaveAttribute('aria-pressed', 'true')
  await expect(first.getByTestId('helpful-count')).toHaveText(
    `${before + 1} ${before + 1 === 1 ? 'person' : 'people'} found this helpful`,
  )

  // After a reload the vote stands: the count and the pressed button come from the server.
  await page.reload()
  const again = page
    .locator('#reviews')
    .getByRole('list', { name: 'Reviews' })
    .getByRole('listitem')
    .first()
  await expect(again.getByRole('button', { name: 'Helpful' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(again.getByTestId('helpful-count')).toContainText(`${before + 1} `)
})
