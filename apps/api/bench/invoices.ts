import { gstinCheckChar, invoicePdfPath } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import type { Config } from '../src/config'
import type { Db } from '../src/db/client'
import { invoicePdfs, orderLines, orders, subOrders, vendorProfiles } from '../src/db/schema'
import { issueInvoice } from '../src/modules/invoices/issue'
import { runLoad, type LoadResult } from './load'
import type { BenchShopper } from './shoppers'

/*
 * The invoice PDF rows (issue 26.7): a download's first render (pdfkit and the signature, in the
 * render thread), a kept file's bytes, and /api/health while six renders run at once. Downloads
 * are limited to 30 a minute per account, so each shopper downloads only its own order's
 * invoice, a few times; the requests are timed here rather than by autocannon, which would run
 * into that limit at once (the limit is the shop's defence, not something to bench around).
 */

export interface BenchInvoice {
  orderId: string
  url: string
  token: string
}

/** One COD order with its invoice issued, per shopper, from the bulk seller's products. */
export async function createBenchInvoices(
  db: Db,
  config: Config,
  sellerId: string,
  productId: string,
  shoppers: BenchShopper[],
): Promise<BenchInvoice[]> {
  // A registered seller in Karnataka: a tax invoice needs its GSTIN, name and address.
  const first14 = '29AAKFB1234Q1Z'
  await db
    .update(vendorProfiles)
    .set({
      gstNumber: first14 + gstinCheckChar(first14),
      businessName: 'Bulk Seller Pvt. Ltd.',
      addressLine: '1 Bench Street',
      city: 'Bengaluru',
      pincode: '560038',
      stateCode: '29',
    })
    .where(eq(vendorProfiles.userId, sellerId))
  const made: BenchInvoice[] = []
  for (const shopper of shoppers) {
    await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          userId: shopper.userId,
          addressInfo: {
            addressId: shopper.addressId,
            address: '12 MG Road',
            city: 'Bengaluru',
            pincode: '560001',
            phone: '9876543210',
            notes: '',
            stateCode: '29',
          },
          paymentMethod: 'COD',
          orderStatus: 'confirmed',
          totalPaise: 3 * 999_900,
        })
        .returning({ id: orders.id })
      if (!order) throw new Error('bench order not created')
      const [part] = await tx
        .insert(subOrders)
        .values({
          orderId: order.id,
          sellerId,
          status: 'confirmed',
          confirmedAt: new Date(),
          subtotalPaise: 3 * 999_900,
        })
        .returning({ id: subOrders.id })
      if (!part) throw new Error('bench sub-order not created')
      await tx.insert(orderLines).values({
        orderId: order.id,
        subOrderId: part.id,
        productId,
        title: 'Bench SKU',
        image: '/uploads/bench.webp',
        unitPricePaise: 999_900,
        quantity: 3,
      })
      await issueInvoice(tx, config.marketplace, part.id, new Date())
      made.push({ orderId: order.id, url: invoicePdfPath(order.id), token: shopper.token })
    })
  }
  return made
}

/** The p-th percentile (0 to 100) of sorted `samples`, nearest rank. */
function percentile(sorted: number[], p: number): number {
  const rank = Math.ceil((p / 100) * sorted.length) - 1
  return Math.round((sorted[Math.max(0, rank)] ?? 0) * 10) / 10
}

/**
 * Downloads each invoice `times` times, `parallel` invoices at a time; with `cold`, the kept file
 * is deleted before each download, so every one renders.
 */
async function timeDownloads(
  db: Db,
  address: string,
  name: string,
  invoices: BenchInvoice[],
  opts: { times: number; parallel: number; cold: boolean },
): Promise<LoadResult> {
  const samples: number[] = []
  let errors = 0
  const queue = [...invoices]
  const started = performance.now()
  const worker = async () => {
    for (let invoice = queue.shift(); invoice; invoice = queue.shift()) {
      for (let i = 0; i < opts.times; i++) {
        if (opts.cold) await db.delete(invoicePdfs).where(eq(invoicePdfs.orderId, invoice.orderId))
        const asked = performance.now()
        const res = await fetch(address + invoice.url, {
          headers: { authorization: `Bearer ${invoice.token}` },
        })
        await res.arrayBuffer()
        samples.push(performance.now() - asked)
        if (res.status !== 200) errors++
      }
    }
  }
  await Promise.all(Array.from({ length: opts.parallel }, worker))
  const seconds = (performance.now() - started) / 1000
  samples.sort((a, b) => a - b)
  return {
    name,
    url: `${address}/api/shop/order/:id/invoice.pdf`,
    connections: opts.parallel,
    requestsPerSecond: samples.length / seconds,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    errors,
  }
}

/** The PDF rows; `healthConnections` is the load /api/health is measured at, alone and beside. */
export async function runPdfRows(opts: {
  db: Db
  address: string
  invoices: BenchInvoice[]
  seconds: number
  healthConnections: number
  record: (result: LoadResult) => void
}): Promise<void> {
  const { db, address, invoices } = opts
  // Each row its own six accounts, so no account goes past its 30 downloads a minute.
  const [cold, kept, beside] = [0, 6, 12].map((from) => invoices.slice(from, from + 6))
  if (invoices.length < 19 || !cold || !kept || !beside) {
    throw new Error('the PDF rows need 19 invoices')
  }
  // The render thread starts on first use; that start is not a render's cost.
  await timeDownloads(db, address, 'warm-up', invoices.slice(18, 19), {
    times: 1,
    parallel: 1,
    cold: true,
  })
  process.stdout.write('  invoice.pdf, cold render, one at a time… ')
  opts.record(
    await timeDownloads(db, address, 'invoice.pdf, cold render', cold, {
      times: 3,
      parallel: 1,
      cold: true,
    }),
  )
  process.stdout.write('  invoice.pdf, kept bytes, six accounts at once… ')
  opts.record(
    await timeDownloads(db, address, 'invoice.pdf, kept bytes', kept, {
      times: 20,
      parallel: 6,
      cold: false,
    }),
  )
  const health = {
    url: `${address}/api/health`,
    connections: opts.healthConnections,
    seconds: opts.seconds,
  }
  process.stdout.write(`  health alone at ${health.connections} connections… `)
  opts.record(await runLoad({ ...health, name: 'health, before the PDF rows' }))
  // Six accounts each render their invoice again and again (well under their 30 a minute)
  // for as long as health is measured beside them.
  process.stdout.write(`  health at ${health.connections} connections, six renders running… `)
  let rendering = true
  const renders = beside.map(async (invoice) => {
    let done = 0
    for (let asked = 0; rendering && asked < 25; asked++) {
      const one = await timeDownloads(db, address, 'beside', [invoice], {
        times: 1,
        parallel: 1,
        cold: true,
      })
      if (one.errors === 0) done++
    }
    return done
  })
  const besideHealth = await runLoad({ ...health, name: 'health, six cold PDF downloads running' })
  rendering = false
  const rendered = (await Promise.all(renders)).reduce((a, b) => a + b, 0)
  opts.record({ ...besideHealth, name: `${besideHealth.name} (${rendered} rendered)` })
}
