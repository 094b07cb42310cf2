import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createUser } from '../../../test/factories'
import { payouts } from '../../db/schema'
import { returnsKit } from '../returns/fixtures'

/*
 * Paying from the marketplace's own bank (PAYOUT_RAIL=bank, decision 60): an admin confirms the
 * account by hand, approves the run, downloads the bulk-payment file, and brings the bank's
 * status file back, which settles each payout once.
 */

const DAY = 86_400_000
const clock = createClock()
let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now }, env: { PAYOUT_RAIL: 'bank' } })
})
afterAll(() => t.close())
const db = () => t.database.db
const kit = returnsKit(() => t, clock.now)

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { cookie }, payload })

let admin = ''
let sellers: Awaited<ReturnType<typeof kit.seller>>[] = []
let runId = ''

beforeAll(async () => {
  admin = await kit.cookieOf((await createUser(db(), { role: 'admin', type: 'admin' })).id)
  const shopper = await kit.shopper()
  sellers = [await kit.seller(), await kit.seller()]
  for (const [i, seller] of sellers.entries()) {
    const product = await kit.product(seller.user.id, 1500 + i * 500, 5)
    const orderId = await kit.order(shopper, [{ productId: product.id, quantity: 1 }], 'CASHFREE')
    const [part] = await kit.partsOf(orderId)
    await kit.deliver(seller.cookie, part!.id)
    await call(seller.cookie, 'PUT', '/admin/settlements/payout-details', {
      pan: 'ABCFE1234F',
      panName: `Seller ${i}`,
      holderName: `Seller ${i} Traders`,
      accountNumber: `5000000000${i}`,
      ifsc: 'ICIC0000104',
    })
  }
  clock.advance(10 * DAY)
})

describe('bank-file payouts', () => {
  it('waits for an admin to confirm the account, since no rail checks it', async () => {
    const mine = await call(sellers[0]!.cookie, 'GET', '/admin/settlements/payout-details')
    expect(mine.json().data).toMatchObject({
      status: 'pending',
      reason: 'An admin confirms this account',
    })
    for (const seller of sellers) {
      const res = await call(
        admin,
        'POST',
        `/admin/settlements/sellers/${seller.user.id}/payout-details/confirm`,
      )
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().data).toMatchObject({ status: 'verified' })
    }
  })

  it('puts the approved payouts in the bank’s bulk-payment file', async () => {
    const run = (await call(admin, 'POST', '/admin/payout-runs')).json().data
    runId = run._id
    expect(run).toMatchObject({ rail: 'BANK_FILE', status: 'preview' })
    expect(run.payouts).toHaveLength(2)
    await call(admin, 'POST', `/admin/payout-runs/${runId}/approve`)
    await t.app.deps.jobs.drain()
    const rows = await db().select().from(payouts).where(eq(payouts.runId, runId))
    expect(rows.map((r) => r.status)).toEqual(['processing', 'processing'])
    const file = await call(admin, 'GET', `/admin/payout-runs/${runId}/bank-file`)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toContain('text/csv')
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="payouts-/)
    const lines = file.body.trim().split('\r\n')
    expect(lines[0]).toContain('Customer Reference Number')
    expect(lines).toHaveLength(3)
    for (const r of rows) {
      expect(file.body).toContain(r.id)
      expect(file.body).toContain(r.accountNumber)
    }
  })

  it('settles each payout from the bank’s status file once, and says what it could not read', async () => {
    const rows = await db().select().from(payouts).where(eq(payouts.runId, runId))
    const [first, second] = rows
    const csv = [
      'Customer Reference No,UTR Number,Transaction Status,Failure Reason',
      `${first!.id},ICICN52026112700001,Success,`,
      `${second!.id},,Rejected,Account closed`,
      `00000000-0000-4000-8000-000000000000,UTR1,Paid,`,
      `not-a-payout,UTR2,Paid,`,
    ].join('\n')
    const res = await call(admin, 'POST', '/admin/payouts/utr-import', { csv })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ paid: 1, failed: 1, unchanged: 0 })
    expect(res.json().data.errors.map((e: { row: number }) => e.row)).toEqual([4, 5])
    const after = await db().select().from(payouts).where(eq(payouts.runId, runId))
    const byId = new Map(after.map((p) => [p.id, p]))
    expect(byId.get(first!.id)).toMatchObject({ status: 'paid', utr: 'ICICN52026112700001' })
    expect(byId.get(second!.id)).toMatchObject({
      status: 'failed',
      failureReason: 'Account closed',
    })
    const again = await call(admin, 'POST', '/admin/payouts/utr-import', { csv })
    expect(again.json().data).toMatchObject({ paid: 0, failed: 0, unchanged: 2 })
  })

  it('refuses the bank file and the import to sellers', async () => {
    const seller = sellers[0]!.cookie
    expect((await call(seller, 'GET', `/admin/payout-runs/${runId}/bank-file`)).statusCode).toBe(
      403,
    )
    expect(
      (await call(seller, 'POST', '/admin/payouts/utr-import', { csv: 'a,b\n1,2' })).statusCode,
    ).toBe(403)
  })
})
