import { shortIdOfPath } from '@techbazaar/shared'

/** Why an address gets no page: the product moved (301), or there is none (404) or no more (410). */
export type PageRefusal = { redirect: string } | { status: 404 | 410 }
/** Says whether the request's address names a page; null: it does, draw it. */
export type PageGate = () => Promise<PageRefusal | null>
/** A route's gate, given the route's last path segment. */
export type SegmentGate = (segment: string) => Promise<PageRefusal | null>

/** What the gates ask the catalog (the app passes it in: infrastructure imports no module). */
export interface PageGateCatalog {
  /** The product a short id names: listed at a path, gone (deleted), or missing. */
  product(
    shortId: string,
  ): Promise<{ status: 'listed'; canonicalPath: string } | { status: 'gone' | 'missing' }>
  /** The admin's category and brand lists. */
  options(): Promise<{ category: string[]; brand: string[] }>
}

/**
 * The storefront's pages named by their path (issue 29): a product's page `/p/{slug}-{shortId}`,
 * a category's `/c/{category}` and a brand's `/b/{brand}`. Each route's gate answers, from the
 * database, whether the path names something the shop shows, before the page is drawn.
 */
export function productPageGates(catalog: PageGateCatalog): Record<string, SegmentGate> {
  const option = (kind: 'category' | 'brand') => async (segment: string) => {
    const options = await catalog.options()
    return options[kind].includes(segment) ? null : { status: 404 as const }
  }
  return {
    '/p/:segment': async (segment) => {
      const shortId = shortIdOfPath(segment)
      if (shortId === null) return { status: 404 }
      const found = await catalog.product(shortId)
      if (found.status !== 'listed') return { status: found.status === 'gone' ? 410 : 404 }
      // An old title's slug, or another spelling of it: the one address search engines keep.
      return found.canonicalPath === `/p/${segment}` ? null : { redirect: found.canonicalPath }
    },
    '/c/:segment': option('category'),
    '/b/:segment': option('brand'),
  }
}
