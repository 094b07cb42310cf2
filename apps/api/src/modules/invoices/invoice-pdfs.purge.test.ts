import { invoicePdfPath } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { invoicePdfs } from '../../db/schema'
import { createSession } from '../auth/sessions'
import { creditNoteKit } from './credit-note-fixtures'
import { pdfRenderer } from './invoice-files'

/*
 * Issue 26.7: kept PDFs are a cache of the stored invoices. One nobody downloaded for
 * INVOICE_PDF_KEEP_DAYS (90 by default) is purged by the hourly job and rendered again when next
 * asked for; one downloaded lately stays. A download records itself at most once a day.
 */

const HOUR = 3_600_000
const DAY = 24 * HOUR
const clock = createClock(new Date('2026-11-23T06:00:00Z'))
let t: TestContext
let kit: Awaited<ReturnType<typeof creditNoteKit>>
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
  kit = await creditNoteKit(() => t, clock.now)
})
afterAll(() => t.close())

/** The shopper downloads `url`, signing in afresh: the test moves the clock past sessions. */
async function download(url: string) {
  const session = await createSession(kit.db(), {
    userId: kit.shopper.user.id,
    days: 1,
    now: clock.now(),
  })
  return t.app.inject({ method: 'GET', url, headers: { cookie: `session=${session}` } })
}

async function text(pdf: Buffer) {
  const doc = await getDocumentProxy(new Uint8Array(pdf))
  return (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ')
}

/** When each kept file of `orderId` was last served (none once purged). */
async function servedAt(orderId: string) {
  const rows = await kit
    .db()
    .select({ servedAt: invoicePdfs.servedAt })
    .from(invoicePdfs)
    .where(eq(invoicePdfs.orderId, orderId))
  return rows.map((r) => r.servedAt.getTime())
}

describe('GET invoice.pdf after INVOICE_PDF_KEEP_DAYS without a download', () => {
  it('purges the unserved file, renders it again with the same text, and keeps a recent one', async () => {
    expect(t.app.deps.config.invoicePdfKeepDays).toBe(90)
    const seller = await kit.seller('Purged Traders')
    const unserved = await kit.dispatchedOrder('29', [[seller.id, 'Monitor', 1499900, 1]])
    const recent = await kit.dispatchedOrder('29', [[seller.id, 'Keyboard', 249900, 2]])
    const unservedUrl = invoicePdfPath(unserved.id)
    const recentUrl = invoicePdfPath(recent.id)
    const first = await download(unservedUrl)
    expect(first.statusCode, first.body.slice(0, 200)).toBe(200)
    expect((await download(recentUrl)).statusCode).toBe(200)
    const start = clock.now().getTime()

    // Downloads within a day of the record leave it as it is: the download path writes nothing.
    clock.advance(12 * HOUR)
    expect((await download(recentUrl)).statusCode).toBe(200)
    expect(await servedAt(recent.id)).toEqual([start])
    clock.advance(80 * DAY)
    expect((await download(recentUrl)).statusCode).toBe(200)
    const recentServed = clock.now().getTime()
    expect(await servedAt(recent.id)).toEqual([recentServed])

    // Eleven days on, one file went 91 days and 12 hours unserved, the other 11 days.
    clock.advance(11 * DAY)
    await t.app.deps.jobs.drain()
    expect(await servedAt(unserved.id)).toEqual([])
    expect(await servedAt(recent.id)).toEqual([recentServed])

    const rendersBefore = pdfRenderer.completed
    const again = await download(unservedUrl)
    expect(again.statusCode).toBe(200)
    expect(pdfRenderer.completed - rendersBefore).toBe(1)
    const page = await text(again.rawPayload)
    expect(page).toContain('Monitor')
    expect(page).toBe(await text(first.rawPayload))
    expect(await servedAt(unserved.id)).toEqual([clock.now().getTime()])
  })
})
