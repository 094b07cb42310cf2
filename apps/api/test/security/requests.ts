import { PRIVACY_NOTICE_VERSION } from '@techbazaar/shared'
import { IMAGE_URL } from './world'
import { testGstin } from '../factories'
import { declarationsBody } from '../factories'

/** Bodies and encodings the access table's requests use. */

export const json = (payload: object) => ({ payload })

export const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
})

/** A direct (S3) upload reference of the right shape. */
export const DIRECT_UPLOAD = { key: `incoming/${'a'.repeat(32)}`, uploadId: 'upload-1' }

/** A product as the back office sends it (category and brand are in the world's filters). */
export const PRODUCT_BODY = {
  image: IMAGE_URL,
  title: 'Galaxy Buds Security',
  description: 'Wireless earbuds.',
  category: 'electronics',
  brand: 'samsung',
  section: 'featured',
  hsn: '851830',
  price: 4999,
  salePrice: 0,
  totalStock: 5,
  ...declarationsBody(),
}

/** A product with variants (decision 090): two colours, no SKUs, so every actor may add it. */
export const FAMILY_BODY = {
  product: {
    title: 'Galaxy Buds Family',
    description: 'Wireless earbuds.',
    category: 'electronics',
    brand: 'samsung',
    section: 'featured',
    hsn: '851830',
    ...declarationsBody(),
  },
  options: [{ name: 'Colour', values: [{ value: 'Black' }, { value: 'White' }] }],
  variants: ['Black', 'White'].map((colour) => ({
    optionValues: { Colour: colour },
    image: IMAGE_URL,
    price: 4999,
    salePrice: 0,
    totalStock: 5,
  })),
}

/** A multipart request with one PNG in the field "file". */
export function multipartImage(png: Buffer) {
  const boundary = 'tb-security-boundary'
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  }
}

/**
 * GSTINs for sellers these requests register: counted from a million, a range the factories'
 * counter (one per user and seller made) never reaches, so the two never hand out the same one
 * (a random pick once collided with a factory seller's and broke a fuzz run's setup).
 */
let registeredGstins = 1_000_000

/** What a seller needs to sell (mobile, a GSTIN not used before, its business address). */
export function sellerDetails() {
  return {
    mobile: '9845012345',
    gstNumber: testGstin(registeredGstins++),
    businessName: 'Security Test Traders',
    addressLine: '4 Linking Road',
    city: 'Mumbai',
    stateCode: '27',
    pincode: '400050',
  }
}

export function uniqueEmail() {
  return `sec-${crypto.randomUUID().slice(0, 8)}@example.in`
}

/** A shopper's registration (step 1), with an email not used before. */
export function shopperBody() {
  return {
    userName: 'Kavya Nair',
    email: uniqueEmail(),
    password: 'Secret123',
    mobile: '9845012345',
    role: 'user',
    type: 'user',
    noticeVersion: PRIVACY_NOTICE_VERSION,
    consentAccount: true,
  }
}
