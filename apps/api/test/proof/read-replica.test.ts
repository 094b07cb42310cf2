import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app'
import type { App } from '../../src/app-types'
import { testConfig } from '../app'
import { openDatabase, type Database } from '../../src/db/client'
import { filterOptions, products } from '../../src/db/schema'
import { createSession } from '../../src/modules/auth/sessions'
import { createProduct, createSeller, createUser, declarationsBody } from '../factories'
import { onPostgres } from './scratch-postgres'
import {
  startStreamingPair,
  streamingPairUnavailable,
  type StreamingPair,
} from './streaming-replica'

/**
 * Decision 097 against a real streaming standby: the shop runs with DATABASE_URL on a primary and
 * DATABASE_READ_URL on a standby made from it with pg_basebackup -R (streaming-replica.ts). The
 * standby's replay is paused and resumed by the test (pg_wal_replay_pause), so it lags exactly
 * when the test says; both servers log every statement, so the test reads which one ran what.
 * PostgreSQL only (the CI run with TEST_DATABASE_URL); PGlite has no replication.
 */
const unavailable = onPostgres ? streamingPairUnavailable() : 'PostgreSQL (TEST_DATABASE_URL)'

// Skipped where the pair cannot be made; the title then says what is missing.
describe.skipIf(unavailable !== null)(
  `catalog reads on a streaming standby${unavailable ? ` (needs ${unavailable})` : ''}`,
  () => {
    let pair: StreamingPair
    let database: Database
    let app: App
    /** The test's own connection to the standby, named so its statements are told apart. */
    let standby: pg.Client
    let dataDir: string
    let productId: string
    let adminCookie: string
    const IMAGE = '/uploads/u/0123456789abcdef0123456789abcdef.webp'

    beforeAll(async () => {
      pair = await startStreamingPair()
      database = await openDatabase({ databaseUrl: pair.primaryUrl, readUrl: pair.standbyUrl })
      await database.migrate()
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'tb-replica-app-'))
      const config = testConfig(dataDir)
      app = await buildApp(
        {
          config,
          db: database.db,
          dbKind: database.kind,
          listen: database.listen,
          readDb: database.readDb,
        },
        { logger: false },
      )
      await app.ready()
      standby = new pg.Client({ connectionString: pair.standbyUrl, application_name: 'proof' })
      await standby.connect()

      const db = database.db
      await db.insert(filterOptions).values([
        { kind: 'category', value: 'electronics' },
        { kind: 'brand', value: 'samsung' },
      ])
      const seller = await createSeller(db)
      productId = (
        await createProduct(db, {
          sellerId: seller.id,
          title: 'Galaxy Streamed',
          price: 30000,
          brand: 'samsung',
        })
      ).id
      const admin = await createUser(db, { role: 'admin', type: 'admin' })
      adminCookie = `session=${await createSession(db, { userId: admin.id, days: 1, now: new Date() })}`
      mkdirSync(path.join(dataDir, 'uploads', 'u'), { recursive: true })
      writeFileSync(path.join(dataDir, 'uploads', IMAGE.slice(9)), 'webp')
    }, 120_000)

    afterAll(async () => {
      await standby?.end()
      await app?.close()
      await database?.close()
      pair?.stop()
      if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    })

    /** Asks until `check` holds (replay and NOTIFY take a moment), for up to 10 s. */
    async function eventually(what: string, check: () => Promise<boolean>) {
      for (let i = 0; i < 500; i++) {
        if (await check()) return
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      throw new Error(`never: ${what}`)
    }

    /** Whether the app's rule would send a catalog read to the standby now. */
    const readsGoToStandby = () => app.deps.catalogReads.read(async (db) => db === database.readDb)

    /** The app's statements in a piece of a server's log (not the server's own lines, nor the test's). */
    const appStatements = (text: string) =>
      text.split('\n').filter((line) => {
        const client = line.slice(0, line.indexOf('|'))
        return (
          client !== '' && client !== 'proof' && /\|LOG: {2}(statement|execute [^:]*):/.test(line)
        )
      })

    const listing = (query: string) =>
      app.inject({ url: `/api/shop/products/get?brand=samsung${query}` })

    it('reads the catalog from the standby once it has replayed every change', async () => {
      await eventually('the standby is current', readsGoToStandby)
      const mark = pair.standbyLog().end
      const res = await listing('&sortBy=price-lowtohigh')
      expect(res.json().data[0]).toMatchObject({ title: 'Galaxy Streamed', price: 30000 })
      const ran = appStatements(pair.standbyLog(mark).text)
      expect(ran.some((line) => line.includes('from "products"'))).toBe(true)
    })

    it('shows a price change at the very next listing while the standby has not replayed it', async () => {
      expect((await listing('')).json().data[0].price).toBe(30000)
      await standby.query('SELECT pg_wal_replay_pause()')
      await eventually('replay paused', async () => {
        const { rows } = await standby.query('SELECT pg_get_wal_replay_pause_state() AS state')
        return rows[0]?.state === 'paused'
      })

      const edit = await app.inject({
        method: 'PUT',
        url: `/api/admin/products/edit/${productId}`,
        headers: { cookie: adminCookie },
        payload: {
          image: IMAGE,
          title: 'Galaxy Streamed',
          description: 'A product made by a test.',
          category: 'electronics',
          brand: 'samsung',
          section: 'featured',
          hsn: '851713',
          price: 27999,
          salePrice: 0,
          totalStock: 10,
          ...declarationsBody(),
        },
      })
      expect(edit.statusCode, edit.body).toBe(200)
      const mark = pair.standbyLog().end
      const primaryMark = pair.primaryLog().end

      // The very next listing, and the product's own page: the new price.
      expect((await listing('')).json().data[0].price).toBe(27999)
      expect(
        (await app.inject({ url: `/api/shop/products/get/${productId}` })).json().data.price,
      ).toBe(27999)
      // Read on the primary: the standby ran none of it, and still holds the old price.
      expect(appStatements(pair.standbyLog(mark).text).some((l) => l.includes('"products"'))).toBe(
        false,
      )
      expect(
        appStatements(pair.primaryLog(primaryMark).text).some((l) => l.includes('from "products"')),
      ).toBe(true)
      const { rows } = await standby.query('SELECT price_paise FROM products WHERE id = $1', [
        productId,
      ])
      expect(Number(rows[0]?.price_paise)).toBe(3_000_000)

      // Replay resumes: the standby is used again, with the change.
      await standby.query('SELECT pg_wal_replay_resume()')
      await eventually('the standby caught up', readsGoToStandby)
      const resumed = pair.standbyLog().end
      expect((await listing('&sortBy=price-hightolow')).json().data[0].price).toBe(27999)
      expect(
        appStatements(pair.standbyLog(resumed).text).some((l) => l.includes('from "products"')),
      ).toBe(true)
    })

    it('never sends a write, a transaction or a back-office read to the standby', async () => {
      const shopper = await createUser(database.db)
      const cookie = `session=${await createSession(database.db, { userId: shopper.id, days: 1, now: new Date() })}`
      const added = await app.inject({
        method: 'POST',
        url: '/api/shop/cart/add',
        headers: { cookie },
        payload: { userId: shopper.id, productId, quantity: 1 },
      })
      expect(added.statusCode, added.body).toBe(200)
      expect(
        (await app.inject({ url: '/api/admin/products/get', headers: { cookie: adminCookie } }))
          .statusCode,
      ).toBe(200)
      await database.db.update(products).set({ totalStock: 9 }).where(eq(products.id, productId))

      const ran = appStatements(pair.standbyLog().text)
      // The standby did serve reads (the tests above), and only reads.
      expect(ran.length).toBeGreaterThan(0)
      const writes = ran.filter((line) =>
        /:\s*(insert|update|delete|begin|start transaction|set|select pg_notify|listen)\b/i.test(
          line.replace(/^.*?(statement|execute [^:]*):/, ':'),
        ),
      )
      expect(writes).toEqual([])
      expect(ran.filter((line) => /carts|cart_lines|sessions/.test(line))).toEqual([])
      // A write sent there would have failed: PostgreSQL refuses it during recovery.
      expect(pair.standbyLog().text).not.toMatch(/ERROR: {2}cannot execute/)
    })
  },
)
