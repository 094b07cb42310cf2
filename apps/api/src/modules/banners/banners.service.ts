import {
  bannerLinkPath,
  productPath,
  type AddFeatureBody,
  type AdminFeatureImage,
  type BannerLink,
  type FeatureImage,
  type UpdateFeatureBody,
} from '@techbazaar/shared'
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { featureImages, filterOptions, products } from '../../db/schema'
import { badRequest, notFound } from '../../lib/errors'
import type { Storage } from '../../lib/storage'

const columns = {
  id: featureImages.id,
  image: featureImages.image,
  mobileImage: featureImages.mobileImage,
  title: featureImages.title,
  productId: featureImages.productId,
  linkKind: featureImages.linkKind,
  linkValue: featureImages.linkValue,
  sortOrder: featureImages.sortOrder,
  startsAt: featureImages.startsAt,
  endsAt: featureImages.endsAt,
  // The linked product's page, while it is listed (a product link to anything else goes nowhere).
  productTitle: products.title,
  productShortId: products.shortId,
  productListed: sql<boolean>`coalesce(${products.listed} AND ${products.deletedAt} IS NULL, false)`,
}
const selectBanners = (db: Db) =>
  db
    .select(columns)
    .from(featureImages)
    .leftJoin(products, eq(products.id, featureImages.productId))
    .$dynamic()
type Row = Awaited<ReturnType<ReturnType<typeof selectBanners>['execute']>>[number]

function linkOf(row: Row): BannerLink | null {
  switch (row.linkKind) {
    case 'product':
      return row.productId ? { kind: 'product', productId: row.productId } : null
    case 'category':
    case 'brand':
    case 'search':
      return row.linkValue ? { kind: row.linkKind, value: row.linkValue } : null
    default:
      return null
  }
}

function hrefOf(row: Row, link: BannerLink | null): string | null {
  if (!link) return null
  if (link.kind !== 'product') return bannerLinkPath(link)
  if (!row.productListed || !row.productTitle || !row.productShortId) return null
  return productPath({ title: row.productTitle, shortId: row.productShortId })
}

function toFeatureImage(row: Row): FeatureImage {
  const link = linkOf(row)
  return {
    _id: row.id,
    image: row.image,
    mobileImage: row.mobileImage,
    title: row.title,
    productId: link?.kind === 'product' ? link.productId : null,
    link,
    href: hrefOf(row, link),
    sortOrder: row.sortOrder,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
  }
}

/** Shown at `now`: started (or no start) and not yet ended (or no end). */
const liveAt = (now: Date) =>
  and(
    or(isNull(featureImages.startsAt), lte(featureImages.startsAt, now)),
    or(isNull(featureImages.endsAt), gt(featureImages.endsAt, now)),
  )

const inOrder = [asc(featureImages.sortOrder), asc(featureImages.createdAt), asc(featureImages.id)]

/**
 * The home banners live at `now`, in order, and the next moment the set changes by itself (a
 * banner starts or ends): the cache that keeps the answer must not keep it past then.
 */
export async function listLiveBanners(
  db: Db,
  now: Date,
): Promise<{ banners: FeatureImage[]; nextChange: Date | null }> {
  const rows = await selectBanners(db)
    .where(liveAt(now))
    .orderBy(...inOrder)
  const [next] = await db
    .select({
      at: sql<Date | string | null>`least(
        min(${featureImages.startsAt}) FILTER (WHERE ${featureImages.startsAt} > ${now}),
        min(${featureImages.endsAt}) FILTER (WHERE ${featureImages.endsAt} > ${now}))`,
    })
    .from(featureImages)
  const at = next?.at ?? null
  return { banners: rows.map(toFeatureImage), nextChange: at ? new Date(at) : null }
}

/** Every banner (scheduled, live or ended) for the admin, in order, saying which are live. */
export async function listAllBanners(db: Db, now: Date): Promise<AdminFeatureImage[]> {
  const rows = await selectBanners(db).orderBy(...inOrder)
  return rows.map((row) => {
    const banner = toFeatureImage(row)
    const started = !banner.startsAt || Date.parse(banner.startsAt) <= now.getTime()
    const ended = banner.endsAt !== null && Date.parse(banner.endsAt) <= now.getTime()
    return { ...banner, live: started && !ended }
  })
}

const refuse = (path: string, message: string) => badRequest(message, [{ path, message }])

/** The link's target exists: a listed product, a category or brand of the filter lists. */
async function checkLink(db: Db, link: BannerLink | null | undefined): Promise<void> {
  if (!link) return
  if (link.kind === 'product') {
    const [product] = await db
      .select({ listed: products.listed })
      .from(products)
      .where(and(eq(products.id, link.productId), isNull(products.deletedAt)))
    if (!product) throw refuse('link.productId', 'Product not found')
    if (!product.listed) throw refuse('link.productId', 'That product is not listed in the shop')
    return
  }
  if (link.kind === 'category' || link.kind === 'brand') {
    const [option] = await db
      .select({ id: filterOptions.id })
      .from(filterOptions)
      .where(and(eq(filterOptions.kind, link.kind), eq(filterOptions.value, link.value)))
    if (!option) throw refuse('link.value', `No ${link.kind} "${link.value}" in the shop`)
  }
}

/** An end already past would add a banner nobody sees. */
function checkWindow(endsAt: string | null | undefined, now: Date) {
  if (endsAt && Date.parse(endsAt) <= now.getTime()) {
    throw refuse('endsAt', 'End must be in the future')
  }
}

function linkColumns(link: BannerLink | null) {
  return {
    linkKind: link?.kind ?? null,
    linkValue: link && link.kind !== 'product' ? link.value : null,
    productId: link?.kind === 'product' ? link.productId : null,
  }
}

async function readBanner(db: Db, id: string): Promise<FeatureImage> {
  const [row] = await selectBanners(db).where(eq(featureImages.id, id))
  if (!row) throw notFound('Banner not found')
  return toFeatureImage(row)
}

/** Adds a banner (at the end of the rotation unless an order is given); its images must be stored. */
export async function addBanner(
  db: Db,
  storage: Storage,
  input: AddFeatureBody,
  now: Date,
): Promise<FeatureImage> {
  for (const [path, label] of [
    ['image', 'Image'],
    ['mobileImage', 'Phone image'],
  ] as const) {
    const url = input[path]
    if (url !== undefined && !(await storage.exists(url))) {
      throw refuse(path, `${label} must be uploaded first`)
    }
  }
  await checkLink(db, input.link)
  checkWindow(input.endsAt, now)
  const [row] = await db
    .insert(featureImages)
    .values({
      image: input.image,
      mobileImage: input.mobileImage ?? null,
      title: input.title,
      ...linkColumns(input.link),
      startsAt: input.startsAt ? new Date(input.startsAt) : null,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
      sortOrder:
        input.sortOrder ??
        sql`(SELECT coalesce(max(${featureImages.sortOrder}), 0) + 1 FROM ${featureImages})`,
    })
    .returning({ id: featureImages.id })
  if (!row) throw new Error('banner insert returned nothing')
  return readBanner(db, row.id)
}

/** Changes a banner's alt text, link, order or dates; what is not sent stays. */
export async function updateBanner(
  db: Db,
  id: string,
  input: UpdateFeatureBody,
  now: Date,
): Promise<FeatureImage> {
  const [before] = await db
    .select({ startsAt: featureImages.startsAt, endsAt: featureImages.endsAt })
    .from(featureImages)
    .where(eq(featureImages.id, id))
  if (!before) throw notFound('Banner not found')
  await checkLink(db, input.link)
  if (input.endsAt !== undefined) checkWindow(input.endsAt, now)
  const moment = (value: string | null | undefined, was: Date | null) =>
    value === undefined ? was : value === null ? null : new Date(value)
  const startsAt = moment(input.startsAt, before.startsAt)
  const endsAt = moment(input.endsAt, before.endsAt)
  if (startsAt && endsAt && endsAt <= startsAt)
    throw refuse('endsAt', 'End must be after the start')
  await db
    .update(featureImages)
    .set({
      ...(input.title !== undefined && { title: input.title }),
      ...(input.link !== undefined && linkColumns(input.link)),
      ...(input.sortOrder !== undefined && { sortOrder: input.sortOrder }),
      startsAt,
      endsAt,
    })
    .where(eq(featureImages.id, id))
  return readBanner(db, id)
}

export async function deleteBanner(db: Db, id: string): Promise<void> {
  const deleted = await db
    .delete(featureImages)
    .where(eq(featureImages.id, id))
    .returning({ id: featureImages.id })
  if (deleted.length === 0) throw notFound('Banner not found')
}
