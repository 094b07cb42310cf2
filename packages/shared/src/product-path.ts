/**
 * Product pages' addresses (issue 29, docs/decisions/065-product-urls-and-sitemaps.md): a
 * product lives at `/p/{slug}-{shortId}`. The short id is the product's for good (the
 * `products.short_id` column, made by the database); the slug is made from the title each time
 * and never stored, so a renamed product's old address still names it by its short id and the
 * page answers a 301 to the new one. Category and brand landing pages are `/c/{slug}` and
 * `/b/{slug}`, slugged the same way.
 */

/**
 * The short ids' alphabet: Crockford's base32 in lower case (digits and letters without i, l,
 * o and u), so an id read aloud or copied by hand has no look-alike characters. The migration's
 * `product_short_id()` draws from the same 32 characters.
 */
export const SHORT_ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'
export const SHORT_ID_LENGTH = 8
/** A whole short id: 8 characters of the alphabet (40 random bits). */
export const SHORT_ID_PATTERN = /^[0-9a-hjkmnp-tv-z]{8}$/
/** Longest slug; a longer title is cut at the last word boundary before it. */
export const PRODUCT_SLUG_MAX = 80

/** Letters NFKD does not take apart into an ASCII letter and a mark. */
const LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
}

/**
 * Signs a title spells as words. "2 × 64GB": a multiplication sign reads as x. ₹ and the trade
 * marks are dropped ("₹999" is "999"), and an apostrophe joins rather than splits ("Men's").
 */
const SIGNS: Record<string, string> = {
  '&': ' and ',
  '+': ' plus ',
  '%': ' percent ',
  '@': ' at ',
  '×': ' x ',
  '₹': '',
  '™': '',
  '®': '',
  '©': '',
  '℠': '',
  "'": '',
  '’': '',
  '‘': '',
  '`': '',
}
const SIGN = /[&+%@×₹™®©℠'’‘`]/g

function slugOf(text: string, fallback: string): string {
  let s = text.toLowerCase().replace(SIGN, (ch) => SIGNS[ch]!)
  // Most titles are plain ASCII already: the sitemaps slug a million of them per crawl.
  if (/[^\p{ASCII}]/u.test(s)) {
    s = s
      .normalize('NFKD')
      .toLowerCase()
      .replace(/\p{M}+/gu, '')
      .replace(/[^\p{ASCII}]/gu, (ch) => LETTERS[ch] ?? ' ')
  }
  s = s.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
  if (s.length > PRODUCT_SLUG_MAX) {
    const cut = s.slice(0, PRODUCT_SLUG_MAX + 1)
    // Cut at the last "-" that fits; a single word longer than the limit is cut where it hits.
    const boundary = cut.lastIndexOf('-')
    s = (boundary > 0 ? cut.slice(0, boundary) : cut.slice(0, PRODUCT_SLUG_MAX)).replace(/-+$/, '')
  }
  return s || fallback
}

/**
 * A title as the words of an address: lower-case ASCII (accents taken off, "&" as "and", "+" as
 * "plus", "₹" dropped), every run of other characters one "-", at most PRODUCT_SLUG_MAX
 * characters cut at a word boundary; "product" when nothing is left (a title in another script).
 */
export function productSlug(title: string): string {
  return slugOf(title, 'product')
}

/** A product page's path: `/p/{slug}-{shortId}`. */
export function productPath(product: { title: string; shortId: string }): string {
  return `/p/${productSlug(product.title)}-${product.shortId}`
}

/**
 * The short id a product page's last path segment ends with (`{slug}-{shortId}`, or the bare
 * short id), or null when it ends with none. The slug is not checked: the page compares its
 * whole path with the product's canonical one and redirects when they differ.
 */
export function shortIdOfPath(pathSegment: string): string | null {
  const match = /(?:^|-)([0-9a-z]{8})$/.exec(pathSegment)
  const id = match?.[1]
  return id && SHORT_ID_PATTERN.test(id) ? id : null
}

/** A category's or brand's name as the last segment of its landing page; never empty. */
export function landingSlug(name: string): string {
  return slugOf(name, 'other')
}

/** A category's landing page: `/c/{slug}`. */
export function categoryPath(category: string): string {
  return `/c/${landingSlug(category)}`
}

/** A brand's landing page: `/b/{slug}`. */
export function brandPath(brand: string): string {
  return `/b/${landingSlug(brand)}`
}
