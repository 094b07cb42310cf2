import type { HsnCode } from '@techbazaar/shared'

/**
 * The search's word list (issue 31.1, decision 80): what shoppers type for a kind of product,
 * spellings that mean the same word, and the plural rules. Edit here; the search and the
 * suggestions read nothing else. Every entry is lower-case, as keywords arrive lower-cased.
 *
 * A kind of product is recognised by its HSN code, which every product carries (the seller
 * picks it from the shop's list for its category): titles rarely say "phone" or "smartwatch",
 * but every phone is 851713 and every smartwatch 851762.
 */
export interface SearchConcept {
  /** What a suggestion calls the kind. */
  label: string
  /** The keyword the search page searches for when the suggestion is chosen. */
  query: string
  /** Words and phrases that mean this kind, every form a shopper types (a title may hold them). */
  words: readonly string[]
  /** The HSN codes of the products of this kind. */
  hsn: readonly HsnCode[]
}

export const CONCEPTS: readonly SearchConcept[] = [
  {
    label: 'Mobile phones',
    query: 'mobile',
    words: [
      'mobile',
      'mobiles',
      'phone',
      'phones',
      'smartphone',
      'smartphones',
      'cellphone',
      'cellphones',
      'handset',
      'handsets',
      'mobail',
      'फोन',
      'फ़ोन',
      'मोबाइल',
    ],
    hsn: ['851713'],
  },
  {
    label: 'Smartwatches',
    query: 'smartwatch',
    words: [
      'smartwatch',
      'smartwatches',
      'watch',
      'watches',
      'wearable',
      'wearables',
      'band',
      'bands',
      'घड़ी',
      'घडी',
    ],
    hsn: ['851762'],
  },
  {
    label: 'Earphones and headphones',
    query: 'earphones',
    words: [
      'earphone',
      'earphones',
      'earbud',
      'earbuds',
      'buds',
      'headphone',
      'headphones',
      'headset',
      'headsets',
      'earpods',
      'tws',
      // As typed in Hindi-English ("earfone", like "mobail" for mobile).
      'earfone',
      'earfones',
      'headfone',
      'headfones',
      'neckband',
      'neckbands',
      'ईयरफोन',
      'हेडफोन',
    ],
    hsn: ['851830'],
  },
  {
    label: 'Speakers',
    query: 'speakers',
    words: ['speaker', 'speakers', 'soundbox', 'स्पीकर'],
    hsn: ['851822'],
  },
  {
    label: 'Tablets',
    query: 'tablets',
    words: ['tablet', 'tablets', 'tab', 'tabs', 'pad'],
    hsn: ['847130'],
  },
  {
    label: 'Chargers and adapters',
    query: 'chargers',
    words: ['charger', 'chargers', 'adapter', 'adapters', 'adaptor', 'adaptors'],
    hsn: ['850440'],
  },
  {
    label: 'Cables',
    query: 'cables',
    words: ['cable', 'cables', 'wire', 'wires', 'cord'],
    hsn: ['854442'],
  },
  {
    label: 'Power banks',
    query: 'power bank',
    words: ['powerbank', 'powerbanks', 'power bank', 'battery pack'],
    hsn: ['850760'],
  },
  {
    label: 'Cases and covers',
    query: 'cases',
    words: ['case', 'cases', 'cover', 'covers', 'pouch'],
    hsn: ['392690'],
  },
]

/**
 * Two words typed for one: replaced by the single word before the search reads the keyword
 * ("smart watch" is a smartwatch, not anything smart plus any watch).
 */
export const PHRASES: Readonly<Record<string, string>> = {
  'smart watch': 'smartwatch',
  'smart watches': 'smartwatch',
  'fitness band': 'band',
  'smart band': 'band',
  'mobile phone': 'mobile',
  'mobile phones': 'mobile',
  'cell phone': 'cellphone',
  'cell phones': 'cellphone',
  'smart phone': 'smartphone',
  'smart phones': 'smartphone',
  'ear phone': 'earphone',
  'ear phones': 'earphone',
  'ear buds': 'earbuds',
  'head phone': 'headphone',
  'head phones': 'headphone',
  'neck band': 'neckband',
  'power bank': 'powerbank',
  'power banks': 'powerbank',
  'back cover': 'cover',
  'data cable': 'cable',
  'charging cable': 'cable',
  'bluetooth speaker': 'speaker',
}

/**
 * Spellings of one word, Indian (British) first: a title written either way is found by both.
 */
export const SPELLINGS: readonly (readonly string[])[] = [
  ['colour', 'color'],
  ['grey', 'gray'],
  ['aluminium', 'aluminum'],
  ['adaptor', 'adapter'],
  ['programme', 'program'],
  ['metre', 'meter'],
  ['metres', 'meters'],
  ['centre', 'center'],
  ['personalised', 'personalized'],
]

/** Words whose plural is not made by the rules in `wordForms`. */
export const IRREGULAR_PLURALS: Readonly<Record<string, string>> = {
  accessory: 'accessories',
  battery: 'batteries',
  pouch: 'pouches',
  watch: 'watches',
}
