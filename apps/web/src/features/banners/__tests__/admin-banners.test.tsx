import type { AdminFeatureImage, UploadResponse } from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BannerForm } from '../components/banner-form'
import AdminFeaturesPage from '../pages/admin-features-page'
import { jsonResponse, mockFetch, renderRoute } from '@/test/route-helpers'

afterEach(() => vi.unstubAllGlobals())

const upload = vi.fn(async (): Promise<UploadResponse> => ({
  success: true,
  url: '/uploads/u/banner.webp',
  variants: { 640: '/uploads/u/banner-640.webp' },
}))

const banner = (over: Partial<AdminFeatureImage>): AdminFeatureImage => ({
  _id: crypto.randomUUID(),
  image: '/uploads/seed/banner.webp',
  mobileImage: null,
  title: 'Big Tech Days',
  productId: null,
  link: { kind: 'search', value: 'phone' },
  href: '/shop/search?q=phone',
  sortOrder: 1,
  startsAt: null,
  endsAt: null,
  live: true,
  ...over,
})

function serve(banners: AdminFeatureImage[]) {
  const sent: { method: string; path: string; body: unknown }[] = []
  mockFetch((url, init) => {
    const method = init?.method ?? 'GET'
    if (method !== 'GET') {
      sent.push({
        method,
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : null,
      })
    }
    if (url.pathname === '/api/common/feature/all')
      return jsonResponse({ success: true, data: banners })
    if (url.pathname === '/api/shop/filter/fetch')
      return jsonResponse({
        success: true,
        data: { category: ['accessories', 'electronics'], brand: ['boat', 'samsung'] },
      })
    if (url.pathname === '/api/common/feature/add')
      return jsonResponse({ success: true, message: 'Banner added', data: banners[0] }, 201)
    if (method === 'DELETE') return jsonResponse({ success: true, message: 'Banner deleted' })
    if (method === 'PATCH')
      return jsonResponse({ success: true, message: 'Banner saved', data: banners[0] })
    return undefined
  })
  return sent
}

/** The add form with its wide image uploaded: what every check of it starts from. */
async function formWithImage() {
  renderRoute(<BannerForm upload={upload} />)
  const user = userEvent.setup()
  await user.upload(
    screen.getByLabelText('Upload Image'),
    new File(['x'], 'a.png', { type: 'image/png' }),
  )
  await screen.findByText('Uploaded')
  return user
}

describe("the admin's banner form (issue 31.3)", () => {
  it('asks for alt text before sending, with the shared schema', async () => {
    const sent = serve([])
    const user = await formWithImage()
    await user.click(screen.getByRole('button', { name: 'Add banner' }))
    expect(await screen.findByText('Alt text is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Alt text')).toHaveFocus()
    expect(sent).toEqual([])
  })

  it('sends the link target, order and dates the admin chose', async () => {
    const sent = serve([])
    const user = await formWithImage()
    await user.type(screen.getByLabelText('Alt text'), 'Audio fest')
    await user.selectOptions(screen.getByLabelText('Links to'), 'brand')
    await user.selectOptions(await screen.findByLabelText('Brand'), 'boat')
    await user.type(screen.getByLabelText('Order (optional)'), '2')
    await user.type(screen.getByLabelText('Start (optional)'), '2026-12-01T09:30')
    await user.type(screen.getByLabelText('End (optional)'), '2026-12-08T23:59')
    await user.click(screen.getByRole('button', { name: 'Add banner' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/common/feature/add',
      body: {
        image: '/uploads/u/banner.webp',
        title: 'Audio fest',
        link: { kind: 'brand', value: 'boat' },
        sortOrder: 2,
        startsAt: new Date('2026-12-01T09:30').toISOString(),
        endsAt: new Date('2026-12-08T23:59').toISOString(),
      },
    })
  })

  it('refuses a search of fewer than 4 characters next to the field', async () => {
    const sent = serve([])
    const user = await formWithImage()
    await user.type(screen.getByLabelText('Alt text'), 'Phones')
    await user.selectOptions(screen.getByLabelText('Links to'), 'search')
    await user.type(screen.getByLabelText('Search words'), 'ph')
    await user.click(screen.getByRole('button', { name: 'Add banner' }))
    expect(await screen.findByText('Search words need at least 4 characters')).toBeInTheDocument()
    expect(sent).toEqual([])
  })
})

describe("the admin's banner list (issue 31.3)", () => {
  it('says which banners are live and asks before deleting a live one', async () => {
    const sent = serve([
      banner({ title: 'Live one' }),
      banner({ title: 'Later one', live: false, startsAt: '2099-01-01T04:00:00.000Z' }),
    ])
    renderRoute(<AdminFeaturesPage />)
    const user = userEvent.setup()
    const live = (await screen.findByText('Live one', { selector: 'p' })).closest('li')!
    expect(within(live).getByText('Live')).toBeInTheDocument()
    expect(within(live).getByText('Links to /shop/search?q=phone')).toBeInTheDocument()
    await user.click(within(live).getByRole('button', { name: /Delete\s*Live one/ }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Delete the live banner “Live one”?')
    expect(sent).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Delete banner' }))
    await waitFor(() => expect(sent.map((s) => s.method)).toEqual(['DELETE']))

    // One not shown yet goes without a question.
    const later = screen.getByText('Later one', { selector: 'p' }).closest('li')!
    expect(within(later).getByText(/^From /)).toBeInTheDocument()
    await user.click(within(later).getByRole('button', { name: /Delete\s*Later one/ }))
    await waitFor(() => expect(sent.map((s) => s.method)).toEqual(['DELETE', 'DELETE']))
    expect(screen.queryAllByRole('alertdialog')).toHaveLength(0)
  })

  it("edits a banner's order and link in a dialog, keeping what was not changed", async () => {
    const first = banner({ title: 'Live one', sortOrder: 3 })
    const sent = serve([first])
    renderRoute(<AdminFeaturesPage />)
    const user = userEvent.setup()
    const item = (await screen.findByText('Live one', { selector: 'p' })).closest('li')!
    await user.click(within(item).getByRole('button', { name: /Edit\s*Live one/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit banner' })
    expect(within(dialog).getByLabelText('Alt text')).toHaveValue('Live one')
    expect(within(dialog).getByLabelText('Search words')).toHaveValue('phone')
    const order = within(dialog).getByLabelText('Order (optional)')
    await user.clear(order)
    await user.type(order, '7')
    await user.selectOptions(within(dialog).getByLabelText('Links to'), 'category')
    await user.selectOptions(await within(dialog).findByLabelText('Category'), 'accessories')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({
      method: 'PATCH',
      path: `/api/common/feature/${first._id}`,
      body: {
        title: 'Live one',
        link: { kind: 'category', value: 'accessories' },
        sortOrder: 7,
        startsAt: null,
        endsAt: null,
      },
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
