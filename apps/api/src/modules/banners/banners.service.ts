import type { AddFeatureBody, FeatureImage } from '@techbazaar/shared'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { featureImages, products } from '../../db/schema'
import { badRequest, notFound } from '../../lib/errors'
import type { Storage } from '../../lib/storage'

type Row = typeof featureImages.$inferSelect

function toFeatureImage(row: Row): FeatureImage {
  return {
    _id: row.id,
    image: row.image,
    mobileImage: row.mobileImage,
    title: row.title,
    productId: row.productId,
  }
}

/** Home banners in display order. */
export async function listBanners(db: Db): Promise<FeatureImage[]> {
  const rows = await db
    .select()
    .from(featureImages)
    .orderBy(asc(featureImages.sortOrder), asc(featureImages.createdAt))
  return rows.map(toFeatureImage)
}

/** Adds a banner at the end of the rotation; its image must be one the shop stored. */
export async function addBanner(
  db: Db,
  storage: Storage,
  input: AddFeatureBody,
): Promise<FeatureImage> {
  for (const [path, label] of [
    ['image', 'Image'],
    ['mobileImage', 'Phone image'],
  ] as const) {
    const url = input[path]
    if (url !== undefined && !(await storage.exists(url))) {
      const message = `${label} must be uploaded first`
      throw badRequest(message, [{ path, message }])
    }
  }
  if (input.productId) {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, input.productId), isNull(products.deletedAt)))
    if (!product) {
      throw badRequest('Product not found', [{ path: 'productId', message: 'Product not found' }])
    }
  }
  const [row] = await db
    .insert(featureImages)
    .values({
      image: input.image,
      mobileImage: input.mobileImage ?? null,
      title: input.title || null,
      productId: input.productId ?? null,
      sortOrder: sql`(SELECT coalesce(max(${featureImages.sortOrder}), 0) + 1 FROM ${featureImages})`,
    })
    .returning()
  if (!row) throw new Error('banner insert returned nothing')
  return toFeatureImage(row)
}

export async function deleteBanner(db: Db, id: string): Promise<void> {
  const deleted = await db
    .delete(featureImages)
    .where(eq(featureImages.id, id))
    .returning({ id: featureImages.id })
  if (deleted.length === 0) throw notFound('Banner not found')
}
