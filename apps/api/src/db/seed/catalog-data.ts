import type { HsnCode, OptionValues, Section } from '@techbazaar/shared'
import type { SEED_BRANDS } from '@techbazaar/shared'
import { ACCESSORIES } from './catalog-accessories'
import { AUDIO } from './catalog-audio'
import { SEED_FAMILIES, familyProducts } from './catalog-families'
import { PHONES } from './catalog-phones'
import { WEARABLES } from './catalog-wearables'

export type Brand = (typeof SEED_BRANDS)[number]

/** What the product image draws; one silhouette function per kind in silhouettes.ts. */
export type DeviceKind =
  | 'phone'
  | 'tablet'
  | 'earbuds'
  | 'headphones'
  | 'neckband'
  | 'speaker'
  | 'watch'
  | 'charger'
  | 'cable'
  | 'powerbank'
  | 'case'

/**
 * A variation of the silhouette where real products differ visibly: a round watch face, stemmed
 * earbuds, a transparent case.
 */
export type Look = 'round' | 'stem' | 'clear'

/** The demo sellers that list products (see people-data.ts). */
export type SellerKey = 'gadget-galaxy' | 'mobile-mart' | 'sound-studio'

export interface SeedProduct {
  /** Full listing title as an Indian marketplace shows it (model, memory, colour). */
  title: string
  /** Two or three words printed on the product image. */
  short: string
  brand: Brand
  kind: DeviceKind
  section: Section
  seller: SellerKey
  /** MRP in rupees. */
  price: number
  /** Selling price in rupees when on sale; absent means not on sale. */
  sale?: number
  stock: number
  /** Body colour of the device in the image (the listed colour variant). */
  finish: string
  look?: Look
  description: string
  /** A variant of a seeded family (catalog-families.ts): its family's key and option values. */
  family?: { key: string; values: OptionValues }
}

/** Chargers, cables, cases and power banks are accessories; everything that plays or shows is electronics. */
const ACCESSORY_KINDS: ReadonlySet<DeviceKind> = new Set(['charger', 'cable', 'powerbank', 'case'])

export function categoryOf(kind: DeviceKind): 'electronics' | 'accessories' {
  return ACCESSORY_KINDS.has(kind) ? 'accessories' : 'electronics'
}

/**
 * Each kind's six-digit HSN from the shop's list (what a seller would pick in the product form):
 * the kind already says what the product is, so no title is read to decide it.
 */
const HSN_OF_KIND: Readonly<Record<DeviceKind, HsnCode>> = {
  phone: '851713',
  tablet: '847130',
  earbuds: '851830',
  headphones: '851830',
  neckband: '851830',
  speaker: '851822',
  watch: '851762',
  charger: '850440',
  cable: '854442',
  powerbank: '850760',
  case: '392690',
}

export function hsnOf(kind: DeviceKind): HsnCode {
  return HSN_OF_KIND[kind]
}

/** `Samsung Galaxy S24 FE 5G (8GB/128GB)` -> `samsung-galaxy-s24-fe-5g-8gb-128gb`: stable file names. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/\+/g, '-plus')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

export const SEED_PRODUCTS: readonly SeedProduct[] = [
  ...PHONES,
  ...SEED_FAMILIES.flatMap(familyProducts),
  ...AUDIO,
  ...WEARABLES,
  ...ACCESSORIES,
]
