import type { FeatureImage } from '@techbazaar/shared'
import { asc } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { featureImages } from '../../db/schema'

/** Home banners in display order. */
export async function listBanners(db: Db): Promise<FeatureImage[]> {
  const rows = await db
    .select()
    .from(featureImages)
    .orderBy(asc(featureImages.sortOrder), asc(featureImages.createdAt))
  return rows.map((row) => ({
    _id: row.id,
    image: row.image,
    title: row.title,
    productId: row.productId,
  }))
}
