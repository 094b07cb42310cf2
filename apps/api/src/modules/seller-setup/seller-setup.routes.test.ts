import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createSeller, createUser } from '../../../test/factories'
import { payoutAccounts, vendorProfiles } from '../../db/schema'
import { createSession } from '../auth/sessions'

let t: TestContext
const db = () => t.database.db

async function cookieFor(userId: string) {
  const token = await createSession(db(), { userId, days: 1, now: new Date() })
  return `session=${token}`
}

const get = (cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/admin/seller-setup',
    headers: cookie ? { cookie } : {},
  })

interface Step {
  key: string
  status: string
  done: boolean
  detail: string
  fixPath: string
}

/** The checklist as `key: status`, and the whole answer. */
async function checklist(cookie: string) {
  const res = await get(cookie)
  expect(res.statusCode, res.body).toBe(200)
  const data = res.json().data as {
    steps: Step[]
    doneCount: number
    total: number
    complete: boolean
  }
  return { ...data, status: Object.fromEntries(data.steps.map((s) => [s.key, s.status])) }
}

const setProfile = (sellerId: string, values: Partial<typeof vendorProfiles.$inferInsert>) =>
  db().update(vendorProfiles).set(values).where(eq(vendorProfiles.userId, sellerId))

async function setAccount(sellerId: string, status: 'pending' | 'verified' | 'failed') {
  const row = {
    holderName: 'Asha Traders',
    accountNumber: '123456789012',
    ifsc: 'HDFC0001234',
    status,
    checkReference: `acct_${sellerId}`,
    checkRail: 'SANDBOX',
    reason: status === 'failed' ? 'The account is closed' : null,
    updatedAt: new Date(),
  }
  await db()
    .insert(payoutAccounts)
    .values({ sellerId, ...row })
    .onConflictDoUpdate({ target: payoutAccounts.sellerId, set: row })
}

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /api/admin/seller-setup', () => {
  it('starts with every step to do, each with where to fix it', async () => {
    const seller = await createSeller(t.database.db, 'Pending', { gstNumber: null })
    const setup = await checklist(await cookieFor(seller.id))
    expect(setup.steps.map((s) => [s.key, s.status, s.done, s.fixPath])).toEqual([
      ['businessAddress', 'todo', false, '/admin/business-address'],
      ['pickupAddress', 'todo', false, '/admin/business-address'],
      ['payoutAccount', 'todo', false, '/admin/earnings'],
      ['gstin', 'todo', false, '/contact-us'],
    ])
    expect(setup).toMatchObject({ doneCount: 0, total: 4, complete: false })
    expect(setup.steps[0]!.detail).toBe(
      'Add your legal business name, address, city, state and PIN code: your GST invoices print them as the supplier’s.',
    )
    expect(setup.steps[1]!.detail).toMatch(/picks parcels up from your business address/)
  })

  it('flips each step as the seller’s data is added, until the setup is complete', async () => {
    const seller = await createSeller(t.database.db, 'Pending', { invoiceable: false })
    const cookie = await cookieFor(seller.id)
    const gstin = (
      await db().select().from(vendorProfiles).where(eq(vendorProfiles.userId, seller.id))
    )[0]!.gstNumber!
    // A pending seller's GSTIN waits for the approval's check.
    expect((await checklist(cookie)).status.gstin).toBe('waiting')

    // The street, city and PIN are what the courier needs; the invoice wants the legal name too.
    await setProfile(seller.id, {
      addressLine: '12 Linking Road',
      city: 'Mumbai',
      pincode: '400050',
    })
    let setup = await checklist(cookie)
    expect(setup.status).toMatchObject({ businessAddress: 'todo', pickupAddress: 'done' })
    expect(setup.steps[0]!.detail).toMatch(/^Add your legal business name:/)

    // Saved through the business address page: the state falls back to the GSTIN's until then.
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/business-address',
      headers: { cookie },
      payload: {
        businessName: 'Asha Traders',
        addressLine: '12 Linking Road',
        city: 'Mumbai',
        stateCode: gstin.slice(0, 2),
        pincode: '400050',
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    setup = await checklist(cookie)
    expect(setup.status).toMatchObject({ businessAddress: 'done', pickupAddress: 'done' })
    expect(setup.doneCount).toBe(2)

    await setAccount(seller.id, 'pending')
    setup = await checklist(cookie)
    expect(setup.status.payoutAccount).toBe('waiting')
    expect(setup.steps[2]!.detail).toMatch(/^Account ••••9012 is being verified/)
    await setAccount(seller.id, 'failed')
    setup = await checklist(cookie)
    expect(setup.status.payoutAccount).toBe('todo')
    expect(setup.steps[2]!.detail).toMatch(/The account is closed/)
    await setAccount(seller.id, 'verified')
    expect((await checklist(cookie)).status.payoutAccount).toBe('done')

    await setProfile(seller.id, { status: 'Approved', gstinVerifiedAt: new Date() })
    setup = await checklist(cookie)
    expect(setup).toMatchObject({ doneCount: 4, complete: true })
    expect(setup.steps.every((s) => s.done)).toBe(true)

    // A re-check that found the GSTIN cancelled undoes the step.
    await setProfile(seller.id, { gstinProblem: 'Cancelled (checked 27 Nov 2026)' })
    setup = await checklist(cookie)
    expect(setup.status.gstin).toBe('todo')
    expect(setup.steps[3]!.detail).toMatch(/Cancelled/)
    expect(setup).toMatchObject({ doneCount: 3, complete: false })
  })

  it('answers only for the signed-in seller, and refuses admins, shoppers and rejected sellers', async () => {
    const done = await createSeller(t.database.db, 'Approved')
    await setProfile(done.id, { gstinVerifiedAt: new Date() })
    await setAccount(done.id, 'verified')
    const fresh = await createSeller(t.database.db, 'Approved', { invoiceable: false })
    expect((await checklist(await cookieFor(done.id))).complete).toBe(true)
    // Another seller's complete setup says nothing about this one's.
    expect((await checklist(await cookieFor(fresh.id))).doneCount).toBe(0)

    expect((await get()).statusCode).toBe(401)
    expect((await get(await cookieFor((await createUser(db())).id))).statusCode).toBe(403)
    const admin = await createUser(db(), { role: 'admin', type: 'admin' })
    expect((await get(await cookieFor(admin.id))).statusCode).toBe(403)
    const rejected = await createSeller(t.database.db, 'Rejected')
    const res = await get(await cookieFor(rejected.id))
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe('Your seller account was rejected')
  })
})
