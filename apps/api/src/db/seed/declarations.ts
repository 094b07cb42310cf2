import type { Country, PackerRole, WarrantyBy } from '@techbazaar/shared'
import type { Brand, DeviceKind } from './catalog-data'

/**
 * The demo catalog's package declarations (decision 066): what each brand's Indian label says.
 * A product made in India names the brand's Indian company as its manufacturer; an imported one
 * names the maker abroad and the Indian company as its importer. Addresses follow the
 * companies' published registered offices; emails use `.example` so nothing is ever sent.
 */
interface Company {
  name: string
  address: string
}

interface BrandLabel {
  /** The brand's Indian company: manufacturer of what is made here, importer of the rest. */
  india: Company
  /** The maker abroad, for imported goods. */
  abroad: Company
  /** Where its imported goods come from, per kind where it differs. */
  origin: Country
  originOf?: Partial<Record<DeviceKind, Country>>
  /** Kinds it makes in India. */
  madeInIndia: readonly DeviceKind[]
  care: { name: string; phone: string; email: string }
}

const LABELS: Record<Brand, BrandLabel> = {
  apple: {
    india: {
      name: 'Apple India Pvt. Ltd.',
      address:
        'No. 24, 19th Floor, Concorde Tower C, UB City, Vittal Mallya Road, Bengaluru, Karnataka 560001',
    },
    abroad: { name: 'Apple Inc.', address: 'One Apple Park Way, Cupertino, CA 95014, USA' },
    origin: 'China',
    originOf: { earbuds: 'Vietnam', watch: 'Vietnam', headphones: 'China' },
    madeInIndia: ['phone'],
    care: { name: 'Apple Customer Care', phone: '000800 040 1966', email: 'care@apple-in.example' },
  },
  samsung: {
    india: {
      name: 'Samsung India Electronics Pvt. Ltd.',
      address: '6th Floor, DLF Centre, Sansad Marg, New Delhi 110001',
    },
    abroad: {
      name: 'Samsung Electronics Co., Ltd.',
      address: '129 Samsung-ro, Yeongtong-gu, Suwon-si, Gyeonggi-do, South Korea',
    },
    origin: 'Vietnam',
    madeInIndia: ['phone', 'tablet'],
    care: {
      name: 'Samsung Customer Care',
      phone: '1800 40 7267864',
      email: 'support@samsung-in.example',
    },
  },
  xiaomi: {
    india: {
      name: 'Xiaomi Technology India Pvt. Ltd.',
      address:
        'Orchid, Block E, Embassy Tech Village, Outer Ring Road, Devarabisanahalli, Bengaluru, Karnataka 560103',
    },
    abroad: {
      name: 'Xiaomi Communications Co., Ltd.',
      address: '33 Xierqi Middle Road, Haidian District, Beijing, China',
    },
    origin: 'China',
    madeInIndia: ['phone', 'powerbank', 'charger'],
    care: { name: 'Xiaomi Service Care', phone: '1800 103 6286', email: 'service@mi-in.example' },
  },
  oneplus: {
    india: {
      name: 'OnePlus Technology (India) Pvt. Ltd.',
      address: '5th Floor, Tower B, Divyasree Orion SEZ, Gachibowli, Hyderabad, Telangana 500032',
    },
    abroad: {
      name: 'Guangdong OnePlus Mobile Telecommunications Corp., Ltd.',
      address: '18 Haibin Road, Wusha, Chang’an, Dongguan, Guangdong, China',
    },
    origin: 'China',
    madeInIndia: ['phone'],
    care: { name: 'OnePlus Care', phone: '1800 102 8411', email: 'support@oneplus-in.example' },
  },
  realme: {
    india: {
      name: 'Realme Mobile Telecommunications (India) Pvt. Ltd.',
      address: '1st Floor, Tower A, Building 9, DLF Cyber City Phase III, Gurugram, Haryana 122002',
    },
    abroad: {
      name: 'Realme Chongqing Mobile Telecommunications Corp., Ltd.',
      address: '178 Yulong Avenue, Yufengshan, Yubei District, Chongqing, China',
    },
    origin: 'China',
    madeInIndia: ['phone'],
    care: { name: 'realme Care', phone: '1800 102 2777', email: 'service@realme-in.example' },
  },
  nothing: {
    india: {
      name: 'Nothing Technology India Pvt. Ltd.',
      address: 'Prestige Trade Tower, 46 Palace Road, High Grounds, Bengaluru, Karnataka 560001',
    },
    abroad: {
      name: 'Nothing Technology Ltd.',
      address: '2 Kingdom Street, London W2 6BD, United Kingdom',
    },
    origin: 'China',
    madeInIndia: ['phone'],
    care: { name: 'Nothing Care', phone: '1800 572 5001', email: 'care@nothing-in.example' },
  },
  boat: {
    india: {
      name: 'Imagine Marketing Ltd.',
      address:
        'Unit 204-205, 2nd Floor, D and E Wing, Corporate Avenue, Andheri-Ghatkopar Link Road, Mumbai, Maharashtra 400093',
    },
    abroad: {
      name: 'Dongguan Lanyun Electronic Technology Co., Ltd.',
      address: 'Building 3, Songshan Lake Industrial Park, Dongguan, Guangdong, China',
    },
    origin: 'China',
    madeInIndia: ['earbuds', 'neckband', 'speaker', 'watch', 'headphones'],
    care: { name: 'boAt Care', phone: '022 6918 5000', email: 'info@boat-in.example' },
  },
}

/** The common name of each kind of goods (the label's "generic name"). */
const GENERIC_NAMES: Record<DeviceKind, string> = {
  phone: 'Smartphone',
  tablet: 'Tablet computer',
  earbuds: 'True wireless earbuds',
  headphones: 'Wireless headphones',
  neckband: 'Wireless neckband earphones',
  speaker: 'Portable Bluetooth speaker',
  watch: 'Smartwatch',
  charger: 'Power adapter (charger)',
  cable: 'USB charging cable',
  powerbank: 'Power bank',
  case: 'Protective phone case',
}

/** Months and giver of each kind's usual warranty in India; cases come with none. */
const WARRANTIES: Record<DeviceKind, { months: number; by: WarrantyBy }> = {
  phone: { months: 12, by: 'Manufacturer' },
  tablet: { months: 12, by: 'Manufacturer' },
  earbuds: { months: 12, by: 'Manufacturer' },
  headphones: { months: 12, by: 'Manufacturer' },
  neckband: { months: 12, by: 'Manufacturer' },
  speaker: { months: 12, by: 'Manufacturer' },
  watch: { months: 12, by: 'Manufacturer' },
  charger: { months: 6, by: 'Manufacturer' },
  cable: { months: 6, by: 'Manufacturer' },
  powerbank: { months: 6, by: 'Manufacturer' },
  case: { months: 0, by: 'None' },
}

/** A seeded product's declaration and warranty columns. */
export function seedDeclarations(brand: Brand, kind: DeviceKind) {
  const label = LABELS[brand]
  const local = label.madeInIndia.includes(kind)
  const maker = local ? label.india : label.abroad
  const packerRole: PackerRole = local ? 'manufacturer' : 'importer'
  const warranty = WARRANTIES[kind]
  return {
    manufacturerName: maker.name,
    manufacturerAddress: maker.address,
    packerRole,
    packerName: local ? null : label.india.name,
    packerAddress: local ? null : label.india.address,
    countryOfOrigin: local ? 'India' : (label.originOf?.[kind] ?? label.origin),
    genericName: GENERIC_NAMES[kind],
    netQuantity: '1 N',
    careName: label.care.name,
    careAddress: label.india.address,
    carePhone: label.care.phone,
    careEmail: label.care.email,
    warrantyMonths: warranty.months,
    warrantyBy: warranty.by,
  }
}
