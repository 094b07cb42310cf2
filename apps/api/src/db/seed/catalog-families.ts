import type { FamilyOption, OptionValues } from '@techbazaar/shared'
import { variantTitle } from '@techbazaar/shared'
import type { SeedProduct } from './catalog-data'

/** One variant of a seeded family: its option values, prices and stock (rupees). */
interface SeedVariant {
  values: OptionValues
  price: number
  sale?: number
  stock: number
}

/** A product with variants (decision 090): shared fields, options and a row per variant. */
export interface SeedFamily {
  /** Stable key and SKU prefix ("IP15"). */
  key: string
  base: Omit<SeedProduct, 'title' | 'price' | 'sale' | 'stock' | 'finish' | 'family'> & {
    title: string
  }
  options: FamilyOption[]
  variants: SeedVariant[]
}

const IPHONE_COLOURS = [
  { value: 'Black', swatch: '#3a3c41' },
  { value: 'Blue', swatch: '#c9d8e4' },
  { value: 'Green', swatch: '#d5e2cf' },
  { value: 'Pink', swatch: '#efd3d8' },
]
/** Apple India's prices after the iPhone 16 launch; the 128 GB on a marketplace sale. */
const IPHONE_STORAGE: Record<string, { price: number; sale?: number }> = {
  '128 GB': { price: 69900, sale: 59999 },
  '256 GB': { price: 79900, sale: 69999 },
  '512 GB': { price: 99900 },
}

const GALAXY_COLOURS = [
  { value: 'Blue', swatch: '#5b7bb5' },
  { value: 'Graphite', swatch: '#46474b' },
  { value: 'Mint', swatch: '#bfe3d0' },
]
const GALAXY_STORAGE: Record<string, { price: number; sale?: number }> = {
  '128 GB': { price: 59999, sale: 35999 },
  '256 GB': { price: 65999, sale: 41999 },
}

const BUDS_COLOURS = [
  { value: 'Fusion Black', swatch: '#26282c' },
  { value: 'Fusion White', swatch: '#ececec' },
  { value: 'Fusion Purple', swatch: '#b9a7d8' },
]

export const SEED_FAMILIES: readonly SeedFamily[] = [
  {
    key: 'IP15',
    base: {
      title: 'Apple iPhone 15',
      short: 'iPhone 15',
      brand: 'apple',
      kind: 'phone',
      section: 'top-deals',
      seller: 'mobile-mart',
      description:
        '6.1-inch Super Retina XDR display with Dynamic Island and the A16 Bionic chip. 48MP main camera with a 2x telephoto option, colour-infused back glass and USB-C. Up to 20 hours of video playback.',
    },
    options: [
      { name: 'Colour', values: IPHONE_COLOURS },
      {
        name: 'Storage',
        values: Object.keys(IPHONE_STORAGE).map((value) => ({ value, swatch: null })),
      },
    ],
    variants: IPHONE_COLOURS.flatMap((colour, c) =>
      Object.entries(IPHONE_STORAGE).map(([storage, prices], s) => ({
        values: { Colour: colour.value, Storage: storage },
        ...prices,
        // Pink in 512 GB is sold out: the picker shows a combination it cannot sell.
        stock: colour.value === 'Pink' && storage === '512 GB' ? 0 : 12 + ((c * 3 + s * 7) % 20),
      })),
    ),
  },
  {
    key: 'S24FE',
    base: {
      title: 'Samsung Galaxy S24 FE 5G',
      short: 'Galaxy S24 FE',
      brand: 'samsung',
      kind: 'phone',
      section: 'featured',
      seller: 'mobile-mart',
      description:
        '6.7-inch Dynamic AMOLED 2X display at 120Hz with the Exynos 2400e processor. 50MP triple camera with 3x optical zoom, Galaxy AI features and IP68 water resistance. 4700mAh battery with 25W wired charging.',
    },
    options: [
      { name: 'Colour', values: GALAXY_COLOURS },
      {
        name: 'Storage',
        values: Object.keys(GALAXY_STORAGE).map((value) => ({ value, swatch: null })),
      },
    ],
    variants: GALAXY_COLOURS.flatMap((colour, c) =>
      Object.entries(GALAXY_STORAGE).map(([storage, prices], s) => ({
        values: { Colour: colour.value, Storage: storage },
        ...prices,
        stock: 8 + ((c * 5 + s * 11) % 30),
      })),
    ),
  },
  {
    key: 'RBUDS5',
    base: {
      title: 'Xiaomi Redmi Buds 5',
      short: 'Redmi Buds 5',
      brand: 'xiaomi',
      kind: 'earbuds',
      section: 'top-deals',
      seller: 'sound-studio',
      description:
        '46dB hybrid Active Noise Cancellation with a 12.4 mm titanium dynamic driver. Up to 38 hours of total playback, dual-device connection and an IP54 rating.',
    },
    options: [{ name: 'Colour', values: BUDS_COLOURS }],
    variants: BUDS_COLOURS.map((colour, c) => ({
      values: { Colour: colour.value },
      price: 4999,
      sale: 2999,
      stock: [85, 40, 6][c] ?? 10,
    })),
  },
]

/** Each family's variants as seed products (title "Apple iPhone 15 (Blue, 256 GB)"). */
export function familyProducts(family: SeedFamily): SeedProduct[] {
  const colours = family.options.find((o) => o.name === 'Colour')?.values ?? []
  return family.variants.map((variant) => ({
    ...family.base,
    title: variantTitle(family.base.title, family.options, variant.values),
    price: variant.price,
    ...(variant.sale === undefined ? {} : { sale: variant.sale }),
    stock: variant.stock,
    // The image draws the device in its colour.
    finish: colours.find((v) => v.value === variant.values.Colour)?.swatch ?? '#3a3c41',
    family: { key: family.key, values: variant.values },
  }))
}

/** "IP15-BLUE-256GB": a seeded variant's SKU. */
export function seedSku(key: string, values: OptionValues): string {
  const parts = Object.values(values).map((v) => v.replace(/\s+/g, '').toUpperCase())
  return [key, ...parts].join('-')
}
