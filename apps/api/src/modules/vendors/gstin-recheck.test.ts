import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { products, vendorProfiles } from '../../db/schema'
import { SANDBOX_GSTINS } from '../../gstn'
import { createSession } from '../auth/sessions'

let t: TestContext
let admin = ''
beforeAll(async () => {
  t = await createTestApp()
  const user = await createUser(t.database.db, { role: 'admin', type: 'admin' })
  admin = `session=${await createSession(t.database.db, { userId: user.id, days: 1, now: new Date() })}`
})
afterAll(() => t.close())

const recheck = (id: string, cookie = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/vendors/${id}/gstin-check`,
    headers: { cookie },
  })
const listed = async (productId: string) =>
  (await t.database.db.select().from(products).where(eq(products.id, productId)))[0]?.listed

describe('re-checking an approved seller’s GSTIN (decision 78)', () => {
  it('suspends the listings of a seller approved before verification whose GSTIN is cancelled', async () => {
    const db = t.database.db
    // Approved before sellers' GSTINs were verified: the factory writes it straight in.
    const seller = await createSeller(db, 'Approved', { gstNumber: SANDBOX_GSTINS.cancelled })
    const product = await createProduct(db, { sellerId: seller.id })
    expect(await listed(product.id)).toBe(true)
    const res = await recheck(seller.id)
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('GSTIN not active: listings suspended')
    expect(res.json().data.gstinProblem).toMatch(/shows 27AAACC1111C1ZM as cancelled.*\(checked /)
    expect(res.json().data.listedProducts).toBe(0)
    expect(await listed(product.id)).toBe(false)
    // It stays approved (its orders and payouts go on); approving it again asks the network again.
    expect(res.json().data.status).toBe('Approved')
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/vendors/${seller.id}/status`,
      headers: { cookie: admin },
      payload: { status: 'Approved' },
    })
    expect(again.statusCode).toBe(409)
    expect(await listed(product.id)).toBe(false)
  })

  it('records what the network answers for an active GSTIN and clears an earlier finding', async () => {
    const db = t.database.db
    const seller = await createSeller(db, 'Approved', { gstNumber: SANDBOX_GSTINS.composition })
    await db
      .update(vendorProfiles)
      .set({ gstinProblem: 'stale finding' })
      .where(eq(vendorProfiles.userId, seller.id))
    const res = await recheck(seller.id)
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('GSTIN active')
    expect(res.json().data).toMatchObject({
      gstinProblem: null,
      gstRegistrationType: 'composition',
    })
    const [profile] = await db
      .select()
      .from(vendorProfiles)
      .where(eq(vendorProfiles.userId, seller.id))
    expect(profile?.gstinVerifiedAt).not.toBeNull()
  })

  it('is for admins, and only for approved sellers', async () => {
    const db = t.database.db
    const pending = await createSeller(db, 'Pending')
    expect((await recheck(pending.id)).statusCode).toBe(409)
    const seller = await createSeller(db, 'Approved')
    const own = `session=${await createSession(db, { userId: seller.id, days: 1, now: new Date() })}`
    expect((await recheck(seller.id, own)).statusCode).toBe(403)
  })
})
