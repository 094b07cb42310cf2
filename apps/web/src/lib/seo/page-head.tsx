import { createContext, useContext } from 'react'
import { DocumentTitle } from '@/components/document-title'

/** A JSON-LD object (schema.org vocabulary); built by structured-data.ts. */
export type JsonLd = Record<string, unknown>

/** What a page asks the document's head to say about it, for crawlers and link previews. */
export interface PageHeadData {
  title: string
  /** The meta description: one or two sentences, cut to about 160 characters. */
  description: string
  /** The page's canonical path (`/p/...`, `/c/...`), made absolute with the shop's origin. */
  canonical: string
  /** A picture for link previews (Open Graph, Twitter), as a path or URL. */
  image?: string
  /**
   * More pictures after `image` may be listed (a product's gallery, `image` first): Open Graph
   * takes several `og:image`, the first preferred; Twitter shows `image` only.
   */
  images?: readonly string[]
  /** Open Graph type: `product` pages say so, the rest are `website`. */
  type?: 'website' | 'product'
  /** Open Graph product price in rupees (link previews show it). */
  priceRupees?: number
  /** The page's largest image, preloaded with `fetchpriority="high"` (LCP). */
  preloadImage?: { href: string; srcSet?: string; sizes?: string }
  /** Structured data; `absolute` turns a path into a URL on the shop's origin. */
  jsonLd?: (absolute: (path: string) => string) => JsonLd[]
  /** Pages that must not be indexed (a not-found product). */
  noindex?: boolean
}

/**
 * Takes the head of the page being rendered on the server (entry-server.tsx), one per render: the
 * last head drawn wins, as a page draws its head once per pass.
 */
export type HeadCollector = (head: PageHeadData) => void
export const HeadCollectorContext = createContext<HeadCollector | null>(null)

/**
 * The page's head: on the server it records title, description, canonical link, Open Graph and
 * Twitter tags and JSON-LD for the renderer to put in the document's head (`headMarkup`); in the
 * browser it sets the title (DocumentTitle). Crawlers read the server's document; a page reached
 * by in-app navigation needs only its title.
 */
export function PageHead(props: PageHeadData) {
  const collector = useContext(HeadCollectorContext)
  if (import.meta.env.SSR) collector?.(props)
  return <DocumentTitle>{props.title}</DocumentTitle>
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** JSON inside `<script>`: `<` can never close the element, nor the line separators break it. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/** The description as search results show it: one line, at most 160 characters. */
export function metaDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= 160) return line
  const cut = line.slice(0, 157)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 120)).replace(/[\s,.;:-]+$/, '')}…`
}

/** The tags for the document's head (title excluded: the renderer hoists it already). */
export function headMarkup(head: PageHeadData, origin: string): string {
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`)
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${attribute(content)}">`
  const url = absolute(head.canonical)
  const tags = [
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${attribute(url)}">`,
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:site_name', 'TechBazaar'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ]
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'))
  if (head.image) {
    const pictures = [head.image, ...(head.images ?? []).filter((url) => url !== head.image)]
    for (const url of pictures) tags.push(meta('property', 'og:image', absolute(url)))
    tags.push(meta('name', 'twitter:image', absolute(head.image)))
  }
  if (head.priceRupees != null) {
    tags.push(meta('property', 'product:price:amount', head.priceRupees.toFixed(2)))
    tags.push(meta('property', 'product:price:currency', 'INR'))
  }
  if (head.preloadImage) {
    const { href, srcSet, sizes } = head.preloadImage
    tags.push(
      `<link rel="preload" as="image" fetchpriority="high" href="${attribute(href)}"` +
        (srcSet ? ` imagesrcset="${attribute(srcSet)}"` : '') +
        (sizes ? ` imagesizes="${attribute(sizes)}"` : '') +
        '>',
    )
  }
  for (const data of head.jsonLd?.(absolute) ?? []) {
    tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`)
  }
  return tags.join('')
}
