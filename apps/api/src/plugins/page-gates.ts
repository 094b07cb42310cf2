import { shortIdOfPath } from '@techbazaar/shared'
import type { FastifyInstance } from 'fastify'
import { getFilterOptions, productPageLookup } from '../modules/catalog'

/** Why an address gets no page: the product moved (301), or there is none (404) or no more (410). */
export type PageRefusal = { redirect: string } | { status: 404 | 410 }
/** Says whether the request's address names a page; null: it does, draw it. */
export type PageGate = () => Promise<PageRefusal | null>

/**
 * The storefront's pages named by their path (issue 29): a product's page `/p/{slug}-{shortId}`,
 * a category's `/c/{category}` and a brand's `/b/{brand}`. Each route's gate answers, from the
 * database, whether the path names something the shop shows, before the page is drawn.
 */
export function productPageGates(
  app: FastifyInstance,
): Record<string, (segment: string) => Promise<PageRefusal | null>> {
  const { db } = app.deps
  const option = (kind: 'category' | 'brand') => async (segment: string) => {
    const options = await getFilterOptions(db)
    return options[kind].includes(segment) ? null : { status: 404 as const }
  }
  return {
    '/p/:segment': async (segment) => {
      const shortId = shortIdOfPath(segment)
      if (shortId === null) return { status: 404 }
      const found = await productPageLookup(db, shortId)
      if (found.status === 'gone') return { status: 410 }
      if (found.status === 'missing') return { status: 404 }
      // An old title's slug, or another spelling of it: the one address search engines keep.
      return found.canonicalPath === `/p/${segment}` ? null : { redirect: found.canonicalPath }
    },
    '/c/:segment': option('category'),
    '/b/:segment': option('brand'),
  }
}
