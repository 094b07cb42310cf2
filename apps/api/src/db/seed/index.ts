import { randomBytes } from 'node:crypto'
import {
  PRIVACY_NOTICE_VERSION,
  SEED_BRANDS,
  SEED_CATEGORIES,
  UPLOAD_WIDTHS,
  rupeesToPaise,
} from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import { hashPassword } from '../../lib/password'
import type { Db, Tx } from '../client'
import {
  consents,
  featureImages,
  filterOptions,
  products,
  reviews,
  users,
  vendorProfiles,
} from '../schema'
import { BANNERS, bannerPhoneFile, bannerPhoneSvg, bannerSvg } from './banners'
import { SEED_PRODUCTS, categoryOf, hsnOf } from './catalog-data'
import { seedFamilies } from './families'
import { seedDeclarations } from './declarations'
import {
  BANNER_IMAGE_VARIANTS,
  PRODUCT_IMAGE_VARIANTS,
  productImageFile,
  productImageSvg,
  renderSeedImages,
  seedImageUrl,
} from './images'
import { extraImageUrls, galleryViews } from './gallery-images'
import type { SeedUser } from './people-data'
import { seedOffers, SEED_SALE_PRODUCT } from './offers'
import { seedFeeInvoices, seedSettlements } from './settlements'
import { DEMO_PASSWORD, SEED_REVIEWERS, SEED_SELLERS, SEED_STAFF_AND_SHOPPERS } from './people-data'
import { seedPurchases, type SeedPurchase } from './purchases'
import { planReviews } from './reviews'
import type { MarketplaceIdentity } from '../../modules/invoices'
import type { SettlementPolicy } from '../../modules/settlements'

export { DEMO_ACCOUNTS } from './people-data'
export type { DemoAccount } from './people-data'

const DAY_MS = 24 * 60 * 60 * 1000
/** The demo shopper's delivered past order, so a newcomer can write a review (the e2e does). */
export const DEMO_SHOPPER_BOUGHT = 'OnePlus 12R (8GB/256GB) - Iron Gray'

async function hasUsers(q: Db | Tx): Promise<boolean> {
  const rows = await q.select({ id: users.id }).from(users).limit(1)
  return rows.length > 0
}

/**
 * Demo accounts get the published demo password; everyone else gets the hash of 32 random bytes
 * nobody keeps, a real argon2id hash (so sign-in treats it like any other) that nothing matches.
 */
function passwordFor(user: SeedUser): Promise<string> {
  const plain = user.demoLabel ? DEMO_PASSWORD : randomBytes(32).toString('base64url')
  return hashPassword(plain)
}

/**
 * Fills an empty database with a believable shop: demo admin, seller and shopper accounts, three
 * approved sellers and one pending, 69 products across every brand and section with generated
 * images, reviews with matching averages (each from a shopper with a delivered order of the
 * product), a delivered past order for the demo shopper, filter options and three home banners.
 *
 * Does nothing when any user exists, so it is safe to call on every start. Images are written
 * before the transaction (rendering is the slow part and must not hold it open); the rows go in
 * one transaction, so a failure leaves an empty database that the next start seeds again.
 */
export async function seedDemo(
  db: Db,
  opts: {
    uploadsDir: string
    log: (msg: string) => void
    /** Supplier of admins' products and operator on the seeded orders' invoices. */
    marketplace: MarketplaceIdentity
    /** The rates the seeded deliveries are settled at, and the fee invoices' SAC (config.settlement). */
    settlement: SettlementPolicy & { feeInvoiceSac: string }
  },
): Promise<{ seeded: boolean }> {
  if (await hasUsers(db)) return { seeded: false }
  const started = performance.now()

  const people = [...SEED_STAFF_AND_SHOPPERS, ...SEED_SELLERS, ...SEED_REVIEWERS]
  const imageJobs = [
    ...SEED_PRODUCTS.map((p, i) => ({
      file: productImageFile(p),
      svg: () => productImageSvg(p),
      variants: PRODUCT_IMAGE_VARIANTS,
      views: galleryViews(p, i),
    })),
    ...BANNERS.map((b) => ({
      file: b.file,
      svg: () => bannerSvg(b),
      variants: BANNER_IMAGE_VARIANTS,
    })),
    ...BANNERS.map((b) => ({
      file: bannerPhoneFile(b),
      svg: () => bannerPhoneSvg(b),
      variants: UPLOAD_WIDTHS.bannerPhone.variants,
    })),
  ]
  // Both are CPU-bound but on different pools (libvips threads, libuv threads), so they overlap.
  const [hashes] = await Promise.all([
    Promise.all(people.map(passwordFor)),
    renderSeedImages(opts.uploadsDir, imageJobs),
  ])
  const prepared = performance.now()

  const plan = planReviews(SEED_PRODUCTS, SEED_REVIEWERS.length)
  const now = Date.now()

  // Only `tx` inside the callback: PGlite has one connection, and using `db` here would wait
  // forever for the transaction that holds it.
  const seeded = await db.transaction(async (tx) => {
    // Another process may have seeded while the images rendered; the first one wins.
    if (await hasUsers(tx)) return false

    const userRows = await tx
      .insert(users)
      .values(
        people.map((u, i) => ({
          userName: u.userName,
          email: u.email,
          passwordHash: hashes[i] ?? '',
          mobile: u.mobile,
          mobileVerifiedAt: u.mobileVerified ? new Date(now) : null,
          role: u.role,
          type: u.type,
        })),
      )
      .returning({ id: users.id, email: users.email })
    const userId = new Map(userRows.map((r) => [r.email, r.id]))
    const idOf = (email: string): string => {
      const id = userId.get(email)
      if (!id) throw new Error(`seed: no user ${email}`)
      return id
    }

    // The demo people signed up under the current notice: their Privacy tab shows its consent.
    await tx.insert(consents).values(
      userRows.map((r) => ({
        userId: r.id,
        purpose: 'account' as const,
        noticeVersion: PRIVACY_NOTICE_VERSION,
        givenAt: new Date(now - 200 * DAY_MS),
      })),
    )

    await tx.insert(vendorProfiles).values(
      SEED_SELLERS.filter((s) => s.vendor).map((s) => ({
        userId: idOf(s.email),
        gstNumber: s.vendor?.gstNumber ?? null,
        businessName: s.vendor?.business.name ?? null,
        addressLine: s.vendor?.business.addressLine ?? null,
        city: s.vendor?.business.city ?? null,
        stateCode: s.vendor?.business.stateCode ?? null,
        pincode: s.vendor?.business.pincode ?? null,
        status: s.vendor?.status ?? 'Pending',
        decidedAt: s.vendor?.status === 'Pending' ? null : new Date(now - 200 * DAY_MS),
        // Approval verifies the GSTIN with the GST network (decision 075): the approved demo
        // sellers' setup checklists are complete (decision 084).
        gstinVerifiedAt:
          s.vendor?.status === 'Approved' && s.vendor.gstNumber
            ? new Date(now - 200 * DAY_MS)
            : null,
      })),
    )

    await tx
      .insert(filterOptions)
      .values([
        ...SEED_CATEGORIES.map((value) => ({ kind: 'category' as const, value })),
        ...SEED_BRANDS.map((value) => ({ kind: 'brand' as const, value })),
      ])

    const sellerByKey = new Map(
      SEED_SELLERS.flatMap((s) => (s.sellerKey ? [[s.sellerKey, s] as const] : [])),
    )
    const productRows = await tx
      .insert(products)
      .values(
        SEED_PRODUCTS.map((p, i) => {
          // Spread listing dates over the past months so "newest" orderings look natural.
          const created = new Date(now - (130 + i * 2) * DAY_MS)
          const seller = sellerByKey.get(p.seller)
          if (!seller) throw new Error(`seed: no seller ${p.seller}`)
          return {
            sellerId: idOf(seller.email),
            title: p.title,
            description: p.description,
            image: seedImageUrl(productImageFile(p)),
            extraImages: extraImageUrls(p, i),
            category: categoryOf(p.kind),
            hsn: hsnOf(p.kind),
            section: p.section,
            brand: p.brand,
            pricePaise: rupeesToPaise(p.price),
            salePricePaise: p.sale === undefined ? 0 : rupeesToPaise(p.sale),
            totalStock: p.stock,
            // What the package label declares (decision 066): every seeded product is complete.
            ...seedDeclarations(p.brand, p.kind),
            // The shop shows a product only when its seller is approved (see products.listed).
            listed: seller.vendor?.status === 'Approved',
            createdAt: created,
            updatedAt: created,
          }
        }),
      )
      .returning({
        id: products.id,
        title: products.title,
        sellerId: products.sellerId,
        image: products.image,
        pricePaise: products.pricePaise,
        salePricePaise: products.salePricePaise,
      })
    await seedFamilies(tx, productRows)
    const productByTitle = new Map(productRows.map((r) => [r.title, r]))
    const productOf = (title: string) => {
      const row = productByTitle.get(title)
      if (!row) throw new Error(`seed: no product ${title}`)
      return row
    }
    const productIdOf = (title: string): string => productOf(title).id
    /** One unit of `title` delivered to `email` at `deliveredAt`, at today's effective price. */
    const purchase = (
      email: string,
      buyerIndex: number,
      title: string,
      deliveredAt: Date,
    ): SeedPurchase => {
      const p = productOf(title)
      return {
        userId: idOf(email),
        buyerIndex,
        productId: p.id,
        sellerId: p.sellerId,
        unitPricePaise: p.salePricePaise > 0 ? p.salePricePaise : p.pricePaise,
        title: p.title,
        image: p.image,
        deliveredAt,
      }
    }
    const recentDemoSales = SEED_PRODUCTS.filter((p) => p.seller === 'gadget-galaxy')
      .slice(0, 2)
      .map((p) => p.title)
    const shopper = SEED_STAFF_AND_SHOPPERS.find((u) => u.demoLabel === 'Shopper')
    if (!shopper) throw new Error('seed: no demo shopper')
    // Every review comes from a shopper who received the product two days before writing it.
    await seedPurchases(
      tx,
      [
        purchase(shopper.email, 0, DEMO_SHOPPER_BOUGHT, new Date(now - 20 * DAY_MS)),
        // Recent sales of the demo seller, still inside their return window: its Earnings page
        // shows money on hold beside what is payable and paid (settlements.ts).
        ...recentDemoSales.map((title, i) =>
          purchase(
            SEED_REVIEWERS[i]?.email ?? shopper.email,
            i,
            title,
            new Date(now - (2 + 3 * i) * DAY_MS),
          ),
        ),
        ...plan.map((r) => {
          const reviewer = SEED_REVIEWERS[r.reviewerIndex]
          const product = SEED_PRODUCTS[r.productIndex]
          if (!reviewer || !product) throw new Error('seed: review plan out of range')
          const deliveredAt = new Date(now - (r.daysAgo + 2) * DAY_MS)
          return purchase(reviewer.email, r.reviewerIndex, product.title, deliveredAt)
        }),
      ],
      opts.marketplace,
    )
    const demoSeller = SEED_SELLERS.find((s) => s.demoLabel === 'Seller')
    const demoGstin = demoSeller?.vendor?.gstNumber
    if (!demoSeller || !demoGstin) throw new Error('seed: no demo seller')
    await seedSettlements(tx, {
      policy: opts.settlement,
      marketplace: opts.marketplace,
      // A GSTIN holds its PAN (characters 3 to 12).
      demoSeller: {
        id: idOf(demoSeller.email),
        pan: demoGstin.slice(2, 12),
        holderName: demoSeller.vendor?.business?.name ?? demoSeller.userName,
      },
      now,
    })

    const admin = SEED_STAFF_AND_SHOPPERS.find((u) => u.demoLabel === 'Admin')
    if (!admin) throw new Error('seed: no demo admin')
    await seedOffers(tx, {
      now,
      adminId: idOf(admin.email),
      demoSellerId: idOf(demoSeller.email),
      saleProductId: productIdOf(SEED_SALE_PRODUCT),
    })

    if (plan.length > 0) {
      await tx.insert(reviews).values(
        plan.map((r) => {
          const reviewer = SEED_REVIEWERS[r.reviewerIndex]
          const product = SEED_PRODUCTS[r.productIndex]
          if (!reviewer || !product) throw new Error('seed: review plan out of range')
          const at = new Date(now - r.daysAgo * DAY_MS)
          return {
            productId: productIdOf(product.title),
            userId: idOf(reviewer.email),
            userName: reviewer.userName,
            message: r.message,
            value: r.value,
            createdAt: at,
            updatedAt: at,
          }
        }),
      )
    }
    // The product's rating comes from its reviews, computed by the database the same way the
    // review service keeps it, so the two can never disagree.
    await tx.execute(sql`
      UPDATE ${products} AS p
      SET average_review = s.avg, review_count = s.n
      FROM (
        SELECT product_id, round(avg(value)::numeric, 2) AS avg, count(*)::int AS n
        FROM ${reviews} GROUP BY product_id
      ) AS s
      WHERE p.id = s.product_id`)

    await tx.insert(featureImages).values(
      BANNERS.map((b, i) => ({
        image: seedImageUrl(b.file),
        mobileImage: seedImageUrl(bannerPhoneFile(b)),
        title: b.title,
        // Every banner goes where its painted button says (issue 31.3).
        productId: b.productTitle ? productIdOf(b.productTitle) : null,
        linkKind: b.productTitle ? ('product' as const) : (b.link?.kind ?? null),
        linkValue: b.productTitle ? null : (b.link?.value ?? null),
        sortOrder: i,
      })),
    )
    return true
  })

  // The marketplace's fee invoices for each ended month of the seeded history, each issued when
  // the job would have (1 am IST on the 1st): the seller downloads them beside its statements.
  if (seeded) await seedFeeInvoices(db, opts, now)

  const finished = performance.now()
  if (seeded) {
    opts.log(
      `Demo data seeded: ${SEED_PRODUCTS.length} products, ${plan.length} reviews, ` +
        `${people.length} users, ${BANNERS.length} banners ` +
        `(images and hashes ${Math.round(prepared - started)} ms, ` +
        `database ${Math.round(finished - prepared)} ms)`,
    )
  }
  return { seeded }
}
