import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'
import { products, scheduledSales } from '../../db/schema'
import { runScheduledSales } from './scheduled-sales'

// Automatic offers (decision 092): a sale price written into the product at its start (so the
// indexed effective price the listing sorts by follows it) and taken back at its end.

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
const db = () => t.database.db
const at = (iso: string) => new Date(iso)

async function priceOf(id: string) {
  const [row] = await db()
    .select({ sale: products.salePricePaise, effective: products.effectivePricePaise })
    .from(products)
    .where(eq(products.id, id))
  return row!
}

describe('runScheduledSales', () => {
  it('applies a sale at its start and puts the earlier sale price back at its end', async () => {
    const seller = await createSeller(db())
    const phone = await createProduct(db(), {
      sellerId: seller.id,
      price: 20_000,
      salePrice: 18_000,
    })
    await db()
      .insert(scheduledSales)
      .values({
        productId: phone.id,
        salePricePaise: 15_000_00,
        startsAt: at('2026-12-01T00:00:00Z'),
        endsAt: at('2026-12-03T00:00:00Z'),
      })
    expect(await runScheduledSales(db(), at('2026-11-30T23:59:00Z'))).toEqual({
      started: 0,
      ended: 0,
    })
    expect(await priceOf(phone.id)).toEqual({ sale: 18_000_00, effective: 18_000_00 })
    expect(await runScheduledSales(db(), at('2026-12-01T00:00:30Z'))).toEqual({
      started: 1,
      ended: 0,
    })
    expect(await priceOf(phone.id)).toEqual({ sale: 15_000_00, effective: 15_000_00 })
    // A second run (another process) changes nothing.
    expect(await runScheduledSales(db(), at('2026-12-01T00:01:00Z'))).toEqual({
      started: 0,
      ended: 0,
    })
    expect(await runScheduledSales(db(), at('2026-12-03T00:00:10Z'))).toEqual({
      started: 0,
      ended: 1,
    })
    expect(await priceOf(phone.id)).toEqual({ sale: 18_000_00, effective: 18_000_00 })
  })

  it('leaves a price the seller changed during the sale, and skips a window that passed unseen', async () => {
    const seller = await createSeller(db())
    const buds = await createProduct(db(), { sellerId: seller.id, price: 3_000 })
    const lamp = await createProduct(db(), { sellerId: seller.id, price: 900 })
    await db()
      .insert(scheduledSales)
      .values([
        {
          productId: buds.id,
          salePricePaise: 2_500_00,
          startsAt: at('2027-01-01T00:00:00Z'),
          endsAt: at('2027-01-02T00:00:00Z'),
        },
        {
          productId: lamp.id,
          salePricePaise: 800_00,
          startsAt: at('2027-01-01T00:00:00Z'),
          endsAt: at('2027-01-01T06:00:00Z'),
        },
      ])
    await runScheduledSales(db(), at('2027-01-01T00:00:00Z'))
    await db().update(products).set({ salePricePaise: 2_700_00 }).where(eq(products.id, buds.id))
    await runScheduledSales(db(), at('2027-01-02T00:00:00Z'))
    expect(await priceOf(buds.id)).toEqual({ sale: 2_700_00, effective: 2_700_00 })
    expect(await priceOf(lamp.id)).toEqual({ sale: 0, effective: 900_00 })
  })
})
