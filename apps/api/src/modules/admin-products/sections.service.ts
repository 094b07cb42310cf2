import type { AdminProduct } from '@techbazaar/shared'
import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products } from '../../db/schema'
import { conflict, notFound } from '../../lib/errors'
import { getOne, type ProductShape } from './admin-products.service'

/** An admin puts the product in the section its seller suggested; 409 when none is pending. */
export async function approveSection(
  db: Db,
  id: string,
  shape: ProductShape,
  at: Date,
): Promise<AdminProduct> {
  const [row] = await db
    .select({ suggested: products.suggestedSection })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
  if (!row) throw notFound('Product not found')
  if (!row.suggested) throw conflict('This product has no section suggestion waiting')
  // Only the suggestion read above is applied: a seller's newer one waits for its own decision.
  const updated = await db
    .update(products)
    .set({ section: row.suggested, suggestedSection: null, updatedAt: at })
    .where(and(eq(products.id, id), eq(products.suggestedSection, row.suggested)))
    .returning({ id: products.id })
  if (updated.length === 0) throw conflict('The suggestion changed meanwhile; look again')
  return getOne(db, id, shape)
}

/** An admin declines the suggestion: the product keeps its section, the suggestion goes. */
export async function declineSection(
  db: Db,
  id: string,
  shape: ProductShape,
  at: Date,
): Promise<AdminProduct> {
  const updated = await db
    .update(products)
    .set({ suggestedSection: null, updatedAt: at })
    .where(
      and(eq(products.id, id), isNull(products.deletedAt), isNotNull(products.suggestedSection)),
    )
    .returning({ id: products.id })
  if (updated.length === 0) {
    await getOne(db, id, shape) // 404 when there is no such product
    throw conflict('This product has no section suggestion waiting')
  }
  return getOne(db, id, shape)
}
