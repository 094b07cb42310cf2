import type { BulkResult } from '@techbazaar/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createUser, fail, mockApi, ok, renderAt } from '@/test/api-helpers'
import AdminProductsPage from '../pages/admin-products-page'

const SELLER = { user: createUser({ role: 'admin', type: 'vendor', vendorStatus: 'Approved' }) }
const ADMIN = { user: createUser({ role: 'admin', type: 'admin' }) }
const EMPTY_PAGE = ok({ data: [], total: 0, page: 1, limit: 24, incomplete: 0, suggested: 0 })
const SELLER_ID = '3f6c1a7e-2b1d-4c1e-9a57-0c2f1f0d9b11'

const REPORT = 'title,price,error\r\nBad one,abc,price: Price must be a number\r\n'
function result(overrides: Partial<BulkResult> = {}): BulkResult {
  return {
    dryRun: true,
    rows: 3,
    created: 1,
    updated: 1,
    failed: 1,
    errors: [{ row: 4, column: 'price', message: 'Price must be a number' }],
    errorReport: REPORT,
    ...overrides,
  }
}

/** The bulk requests' paths with their query strings, in order. */
const bulkCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.startsWith('/api/admin/products/bulk/'))
    .map((url) => url.pathname.replace('/api/admin/products/bulk/', '') + url.search)

const csvFile = (text = 'title,price\nBad one,abc\n') =>
  new File([text], 'products.csv', { type: 'text/csv' })

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

async function openDialog() {
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Bulk upload' }))
  const dialog = await screen.findByRole('dialog', { name: 'Bulk upload' })
  return { user, dialog }
}

describe('Bulk upload', () => {
  it('checks a product file, lists its problems, gives the error report, then uploads it', async () => {
    const fetchMock = mockApi({
      'GET /auth/check-auth': () => ok(SELLER),
      'GET /admin/products/get': () => EMPTY_PAGE,
      'POST /admin/products/bulk/import': () =>
        ok({
          message: 'Checked, nothing saved: 1 to add, 1 to change, 1 with problems',
          data: result(),
        }),
    })
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:report')
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }))
    // jsdom cannot follow a download link; the file handed to it is what counts.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderAt('/admin/products', <AdminProductsPage />)
    const { user, dialog } = await openDialog()

    expect(within(dialog).getByRole('link', { name: /Download template/ })).toHaveAttribute(
      'href',
      '/api/admin/products/bulk/template?kind=products',
    )
    // No file yet: the picker says so and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }))
    expect(within(dialog).getByText('Choose a CSV file')).toBeInTheDocument()
    expect(bulkCalls(fetchMock)).toEqual([])

    await user.upload(within(dialog).getByLabelText('CSV file'), csvFile())
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }))
    expect(
      await within(dialog).findByText(
        'Checked, nothing saved: 1 to add, 1 to change, 1 with problems',
      ),
    ).toBeInTheDocument()
    expect(bulkCalls(fetchMock)).toEqual(['import?dryRun=true'])
    const sent = JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body)) as { csv: string }
    expect(sent.csv).toBe('title,price\nBad one,abc\n')

    const table = within(dialog).getByRole('table', { name: 'Rows with problems' })
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      )
    expect(cells).toEqual([['4', 'price', 'Price must be a number']])

    await user.click(within(dialog).getByRole('button', { name: 'Download error report' }))
    expect(createObjectURL).toHaveBeenCalledTimes(1)
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe(REPORT)

    await user.click(within(dialog).getByRole('button', { name: 'Upload' }))
    await waitFor(() => expect(bulkCalls(fetchMock)).toEqual(['import?dryRun=true', 'import']))
  })

  it('says why a file cannot be read at all', async () => {
    mockApi({
      'GET /auth/check-auth': () => ok(SELLER),
      'GET /admin/products/get': () => EMPTY_PAGE,
      'POST /admin/products/bulk/import': () => fail(400, 'Column “title” is missing'),
    })
    renderAt('/admin/products', <AdminProductsPage />)
    const { user, dialog } = await openDialog()
    await user.upload(within(dialog).getByLabelText('CSV file'), csvFile('price\n1\n'))
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Column “title” is missing')
  })

  it('updates stock and prices from its own tab, for the seller an admin names', async () => {
    const fetchMock = mockApi({
      'GET /auth/check-auth': () => ok(ADMIN),
      'GET /admin/products/get': () => EMPTY_PAGE,
      'GET /admin/vendors': () =>
        ok({ data: [{ _id: SELLER_ID, userName: 'Asha Traders', email: 'asha@example.in' }] }),
      'POST /admin/products/bulk/stock-price': () =>
        ok({
          message: 'Saved: 2 changed',
          data: result({
            dryRun: false,
            created: 0,
            updated: 2,
            failed: 0,
            errors: [],
            errorReport: null,
          }),
        }),
    })
    renderAt('/admin/products', <AdminProductsPage />)
    const { user, dialog } = await openDialog()
    await user.selectOptions(
      within(dialog).getByLabelText('Whose products'),
      await within(dialog).findByRole('option', { name: 'Asha Traders (asha@example.in)' }),
    )
    await user.click(within(dialog).getByRole('tab', { name: 'Stock and prices' }))
    const panel = within(dialog).getByRole('tabpanel', { name: 'Stock and prices' })
    expect(within(panel).getByRole('link', { name: /Download your products/ })).toHaveAttribute(
      'href',
      `/api/admin/products/bulk/template?kind=stock-price&sellerId=${SELLER_ID}`,
    )
    await user.upload(within(panel).getByLabelText('CSV file'), csvFile('id,totalStock\nx,1\n'))
    await user.click(within(panel).getByRole('button', { name: 'Upload' }))
    expect(await within(panel).findByText('Every row was saved.')).toBeInTheDocument()
    expect(bulkCalls(fetchMock)).toEqual([`stock-price?sellerId=${SELLER_ID}`])
  })
})
