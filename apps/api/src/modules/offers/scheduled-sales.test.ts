import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'
import { outbox, productFamilies, products, scheduledSales } from '../../db/schema'
import { refreshFamiliesLocked } from '../catalog'
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

  it('hands a family its cheapest variant as lead through the worker, at the start and the end', async () => {
    const seller = await createSeller(db())
    const [family] = await db()
      .insert(productFamilies)
      .values({
        sellerId: seller.id,
        title: 'Galaxy Sale',
        options: [
          {
            name: 'Storage',
            values: [
              { value: '128 GB', swatch: null },
              { value: '256 GB', swatch: null },
            ],
          },
        ],
      })
      .returning()
    const small = await createProduct(db(), { sellerId: seller.id, price: 50_000 })
    const large = await createProduct(db(), { sellerId: seller.id, price: 60_000 })
    await db()
      .update(products)
      .set({ familyId: family!.id, optionValues: { Storage: '128 GB' } })
      .where(eq(products.id, small.id))
    await db()
      .update(products)
      .set({ familyId: family!.id, optionValues: { Storage: '256 GB' } })
      .where(eq(products.id, large.id))
    await refreshFamiliesLocked(db(), [family!.id])
    const leadOf = async () =>
      (
        await db()
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.familyId, family!.id), eq(products.familyLead, true)))
      ).map((row) => row.id)
    expect(await leadOf()).toEqual([small.id])
    await db()
      .insert(scheduledSales)
      .values({
        productId: large.id,
        salePricePaise: 45_000_00,
        startsAt: at('2027-02-01T00:00:00Z'),
        endsAt: at('2027-02-02T00:00:00Z'),
      })
    // The sale's transaction locks the variant on sale only; the family waits for the worker.
    const refreshes = async () =>
      (
        await db()
          .select({ payload: outbox.payload })
          .from(outbox)
          .where(
            and(
              eq(outbox.kind, 'catalog.refresh-families'),
              sql`${outbox.payload}->'familyIds' ? ${family!.id}`,
            ),
          )
      ).length
    await runScheduledSales(db(), at('2027-02-01T00:00:00Z'))
    expect(await refreshes()).toBe(1)
    await refreshFamiliesLocked(db(), [family!.id]) // what the worker runs for the item
    expect(await leadOf()).toEqual([large.id])
    await runScheduledSales(db(), at('2027-02-02T00:00:00Z'))
    expect(await refreshes()).toBe(2)
    await refreshFamiliesLocked(db(), [family!.id])
    expect(await leadOf()).toEqual([small.id])
  })
})
