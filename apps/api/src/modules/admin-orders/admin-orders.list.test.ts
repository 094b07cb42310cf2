import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createOrders, createUser } from '../../../test/factories'
import { createSession } from '../auth/sessions'

let t: TestContext
let admin = ''
const ORDERS = 1_000
let ids: string[] = []

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  const token = await createSession(db, {
    userId: (await createUser(db, { role: 'admin', type: 'admin' })).id,
    days: 1,
    now: new Date(),
  })
  admin = `session=${token}`
  const customers = [
    await createUser(db, { userName: 'Asha Rao', email: 'asha@example.in' }),
    await createUser(db, { userName: 'Vikram Singh', email: 'vikram@example.in' }),
    await createUser(db, { userName: '100%_Fan', email: 'fan@example.in' }),
    await createUser(db, { userName: 'Meera Iyer', email: 'meera@mail.example.in' }),
  ]
  const created = await createOrders(db, {
    count: ORDERS,
    userIds: customers.map((c) => c.id),
    statuses: ['confirmed', 'confirmed', 'inShipping', 'delivered', 'rejected'],
  })
  ids = created.map((o) => o.id) // newest first
}, 60_000)
afterAll(() => t.close())

const list = (query = '') =>
  t.app.inject({ url: `/api/admin/orders/get${query}`, headers: { cookie: admin } })

describe('GET /api/admin/orders/get with 1,000 orders', () => {
  it('answers the first page fast: 20 newest orders with the customer and the total', async () => {
    await list() // warm up (first query plans)
    const started = performance.now()
    const res = await list()
    const ms = performance.now() - started
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ success: true, total: ORDERS, page: 1, limit: 20 })
    expect(body.data.map((o: { _id: string }) => o._id)).toEqual(ids.slice(0, 20))
    expect(body.data[0]).toMatchObject({ userName: 'Asha Rao', email: 'asha@example.in' })
    // Generous for a shared CI machine; an unpaged list of 1,000 rows takes far longer.
    expect(ms).toBeLessThan(500)
  })

  it('pages through every order once, newest first', async () => {
    const seen: string[] = []
    for (let page = 1; page <= 10; page++) {
      const body = (await list(`?page=${page}&limit=100`)).json()
      expect(body.total).toBe(ORDERS)
      seen.push(...body.data.map((o: { _id: string }) => o._id))
    }
    expect(seen).toEqual(ids)
    expect((await list('?page=11&limit=100')).json().data).toEqual([])
  })

  it('filters by status and searches customer name or email, counting what matches', async () => {
    const shipped = (await list('?status=inShipping&limit=100')).json()
    expect(shipped.total).toBe(200)
    expect(shipped.data.every((o: { orderStatus: string }) => o.orderStatus === 'inShipping')).toBe(
      true,
    )
    const asha = (await list('?q=%20ASHA%20')).json()
    expect(asha.total).toBe(250)
    expect(asha.data.every((o: { userName: string }) => o.userName === 'Asha Rao')).toBe(true)
    expect((await list('?q=mail.example')).json().total).toBe(250)
    // Both filters at once: Asha's orders are 0, 4, 8, ...; every fifth order is rejected.
    expect((await list('?q=asha&status=rejected')).json().total).toBe(50)
    // LIKE wildcards in the search are plain characters.
    expect((await list('?q=100%25_')).json().total).toBe(250)
    expect((await list('?q=%25')).json().total).toBe(250)
    expect((await list('?q=nobody')).json()).toMatchObject({ total: 0, data: [] })
  })

  it('refuses what the table never sends with 400', async () => {
    for (const query of ['?page=0', '?limit=101', '?status=lost', '?sort=oldest', '?page=1e2']) {
      const res = await list(query)
      expect(res.statusCode, query).toBe(400)
      expect(res.json()).toMatchObject({ success: false })
    }
  })
})
