import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, signIn, test, waitingForTheApp } from './fixtures'
import { pdfText } from './return-steps'

/*
 * Sellers are paid (issue 28): the demo seller's earnings wait on hold and payable, an admin runs
 * payouts now and approves the preview, the sandbox payout rail pays it and the bank's UTR comes
 * back, and the seller finds that UTR in its payouts and in the month's statement (CSV and PDF),
 * and last month's tax invoice from the marketplace for its commission and fees as a PDF. The
 * seed's history supplies parts whose return windows closed long ago: this shop's clock is real.
 */

const SELLER = 'seller@demo.test'
const SELLER_NAME = 'Gadget Galaxy Retail Pvt. Ltd.'
const UTR = /^\d{12}$/

/** This IST month and the one before, as the month picker's values ('2026-11'). */
function months() {
  const ist = new Date(Date.now() + 330 * 60_000)
  const current = ist.toISOString().slice(0, 7)
  ist.setUTCDate(1)
  ist.setUTCMonth(ist.getUTCMonth() - 1)
  return { current, last: ist.toISOString().slice(0, 7) }
}

/** Clicks a download link and answers the file's bytes. */
async function download(page: Page, name: string | RegExp): Promise<Buffer> {
  const started = page.waitForEvent('download')
  await page.getByRole('link', { name }).click()
  return readFile((await (await started).path())!)
}

test('a seller is paid: run, approved, paid with a UTR, and in the statement', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  await signIn(page, SELLER)
  await page.waitForURL('**/admin/products')
  await page.goto('/admin/earnings')
  const balances = page.getByRole('region', { name: 'Balances' })
  for (const label of ['On hold', 'Payable', 'Paid']) {
    await expect(balances.getByText(label, { exact: true })).toBeVisible()
  }
  const before = (await (await page.request.get('/api/admin/settlements/earnings')).json()) as {
    data: { totals: { payable: number; paid: number } }
  }
  expect(
    before.data.totals.payable,
    'the seed leaves the demo seller money to pay',
  ).toBeGreaterThan(0)

  // An admin runs payouts now and approves the preview.
  const adminContext = await browser.newContext()
  const admin = waitingForTheApp(await adminContext.newPage())
  await signIn(admin, 'admin@demo.test')
  await admin.waitForURL('**/admin/dashboard')
  await admin.goto('/admin/payouts')
  await admin.getByRole('button', { name: 'Run payouts now' }).click()
  await admin
    .getByRole('alertdialog', { name: 'Run payouts now?' })
    .getByRole('button', { name: 'Run payouts' })
    .click()
  await admin.waitForURL(/\/admin\/payouts\/[0-9a-f-]{36}$/)
  const payouts = admin.getByRole('table', { name: "The run's payouts" })
  const row = payouts.getByRole('row', { name: new RegExp(SELLER_NAME.replace(/\./g, '\\.')) })
  await expect(row.getByText('Awaiting approval')).toBeVisible()
  await admin.getByRole('button', { name: 'Approve', exact: true }).click()
  await admin
    .getByRole('alertdialog', { name: 'Approve this run?' })
    .getByRole('button', { name: /^Send \d+ payouts?$/ })
    .click()
  await expect(admin.getByText('Run approved: the payouts are on their way')).toBeVisible()

  // The outbox sends it within seconds; then the admin asks the bank instead of waiting for the
  // next poll.
  const check = row.getByRole('button', { name: /^Check with the bank/ })
  await expect(async () => {
    await admin.reload()
    await expect(check).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
  await check.click()
  await expect(admin.getByText(`Payout to ${SELLER_NAME}: paid`)).toBeVisible()
  await expect(row.getByText('Paid', { exact: true })).toBeVisible()
  const utr = (await row.getByText(/^\d{12}$/).textContent())!.trim()
  expect(utr).toMatch(UTR)
  await adminContext.close()

  // The seller sees the money paid with the bank's reference…
  await page.reload()
  const mine = page.getByRole('table', { name: 'Payouts, newest first' })
  const paidRow = mine.getByRole('row', { name: new RegExp(utr) })
  await expect(paidRow.getByText('Paid', { exact: true })).toBeVisible()
  const after = (await (await page.request.get('/api/admin/settlements/earnings')).json()) as {
    data: { totals: { payable: number; paid: number } }
  }
  expect(after.data.totals.paid).toBeCloseTo(
    before.data.totals.paid + before.data.totals.payable,
    2,
  )

  // …and in this month's statement, as the CSV for its accountant and printed.
  const { current, last } = months()
  await page.goto('/admin/earnings/statements')
  const month = page.getByRole('combobox', { name: 'Month' })
  await month.selectOption(current)
  const csv = (await download(page, /^Download CSV of the statement for /)).toString('utf8')
  expect(csv).toContain(utr)
  const statement = pdfText(await download(page, /^Download PDF of the statement for /))
  expect(statement).toContain('SELLER STATEMENT')
  expect(statement).toContain(utr)

  // Last month's tax invoice from the marketplace for its commission and fees.
  await month.selectOption(last)
  const invoices = page.getByRole('region', { name: /^Tax invoices for commission and fees, / })
  const link = invoices.getByRole('link', { name: /^Download PDF of tax invoice MF\// })
  const number = (await link.getAttribute('aria-label'))!.replace(/^.* tax invoice /, '')
  const invoice = pdfText(await download(page, `Download PDF of tax invoice ${number}`))
  for (const words of ['TAX INVOICE', number, SELLER_NAME, '998599', 'Reverse charge No']) {
    expect(invoice).toContain(words)
  }
})
