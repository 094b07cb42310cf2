import type { ProductDetail } from '@techbazaar/shared'
import type * as React from 'react'
import { cn } from '@/lib/utils'

/** One "term: value" row; values may wrap (addresses), terms stay narrow. */
function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  )
}

function Section({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: React.ReactNode
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-1">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      <dl className="divide-y text-sm">{children}</dl>
    </section>
  )
}

/** "4.3 out of 5 (120 ratings)", or that there are none yet. */
function ratingText(rating: number | null, count: number): string {
  if (rating === null || count === 0) return 'No ratings yet'
  return `${rating.toFixed(1)} out of 5 (${count.toLocaleString('en-IN')} ${count === 1 ? 'rating' : 'ratings'})`
}

/** "12 months from the manufacturer", or "No warranty". */
function warrantyText(warranty: ProductDetail['warranty']): string {
  if (warranty.months === 0 || warranty.by === 'None') return 'No warranty'
  const span =
    warranty.months % 12 === 0
      ? `${warranty.months / 12} ${warranty.months === 12 ? 'year' : 'years'}`
      : `${warranty.months} ${warranty.months === 1 ? 'month' : 'months'}`
  return `${span} from the ${warranty.by === 'Manufacturer' ? 'manufacturer' : 'seller'}`
}

function Contact({ phone, email }: { phone: string | null; email: string | null }) {
  if (!phone && !email) return <>Not given</>
  return (
    <span className="flex flex-col">
      {phone && (
        <a
          className="flex min-h-6 items-center text-primary underline-offset-4 hover:underline"
          href={`tel:${phone.replace(/[^\d+]/g, '')}`}
        >
          {phone}
        </a>
      )}
      {email && (
        <a
          className="flex min-h-6 items-center text-primary underline-offset-4 hover:underline"
          href={`mailto:${email}`}
        >
          {email}
        </a>
      )}
    </span>
  )
}

interface ProductLegalDetailsProps {
  product: Pick<ProductDetail, '_id' | 'seller' | 'declarations' | 'warranty'>
  className?: string
}

/**
 * What Indian law asks a product's listing to show (decision 066): the seller (E-Commerce Rules
 * 2020 r.6(5)), the package label's declarations (Legal Metrology (Packaged Commodities) Rules
 * 2011 r.6) and the warranty, from the product's detail payload. Headings are h3: the page that
 * places it gives the h2.
 */
export function ProductLegalDetails({ product, className }: ProductLegalDetailsProps) {
  const { seller, declarations: d, warranty } = product
  const id = (name: string) => `legal-${name}-${product._id}`
  const packer =
    d.packerRole === 'manufacturer' ? null : d.packerRole === 'importer' ? 'Importer' : 'Packer'
  return (
    <div data-slot="product-legal-details" className={cn('flex flex-col gap-5', className)}>
      <Section id={id('seller')} title="Seller">
        <Row term="Sold by">{seller.legalName}</Row>
        <Row term="Address">{seller.address ?? 'Not given'}</Row>
        <Row term="GSTIN">
          <span className="tabular">{seller.gstin}</span>
        </Row>
        <Row term="Customer care">
          <Contact phone={seller.phone} email={seller.email} />
        </Row>
        <Row term="Seller rating">{ratingText(seller.rating, seller.ratingCount)}</Row>
      </Section>

      <Section id={id('declarations')} title="Product declarations">
        <Row term="Generic name">{d.genericName}</Row>
        <Row term="Net quantity">{d.netQuantity}</Row>
        <Row term="Country of origin">{d.countryOfOrigin}</Row>
        <Row term="Manufacturer">
          {d.manufacturerName}, {d.manufacturerAddress}
        </Row>
        {packer ? (
          <Row term={packer}>
            {d.packerName}, {d.packerAddress}
          </Row>
        ) : (
          <Row term="Packed by">The manufacturer</Row>
        )}
        <Row term="Consumer care">
          <span className="flex flex-col">
            <span>
              {d.careName}, {d.careAddress}
            </span>
            <Contact phone={d.carePhone} email={d.careEmail} />
          </span>
        </Row>
      </Section>

      <Section id={id('warranty')} title="Warranty">
        <Row term="Warranty">{warrantyText(warranty)}</Row>
      </Section>
    </div>
  )
}
