import { brandPath, categoryPath, productPath, type Product } from '@techbazaar/shared'
import { useRef } from 'react'
import { optionLabel } from '@/lib/catalog/option-label'
import { useProducts } from '../api/get-products'
import { useNearViewport } from '../hooks/use-near-viewport'
import { ProductGrid, ProductGridSkeleton } from './product-grid'
import { SectionShell } from './product-section'

/** Cards a related row shows: one row of four on desktops. */
const RELATED_COUNT = 4

/**
 * "More from {brand}" and "More in {category}" under a product page: other listed products of the
 * same brand, then of the same category not already shown, each card leading to its own page.
 * Asked for when the shopper scrolls near them, like the home page's lower sections.
 */
export function RelatedProducts({ product }: { product: Product }) {
  const ref = useRef<HTMLElement>(null)
  const near = useNearViewport(ref)
  // One more than shown: the product itself may be among them.
  const limit = RELATED_COUNT * 2 + 1
  const sameBrand = useProducts({ brand: [product.brand], limit }, { enabled: near })
  const sameCategory = useProducts({ category: [product.category], limit }, { enabled: near })
  const others = (list: Product[] | undefined, skip: Set<string>) =>
    (list ?? []).filter((item) => !skip.has(item._id)).slice(0, RELATED_COUNT)

  const brandItems = others(sameBrand.data?.data, new Set([product._id]))
  const categoryItems = others(
    sameCategory.data?.data,
    new Set([product._id, ...brandItems.map((item) => item._id)]),
  )
  const rows = [
    {
      id: 'related-brand',
      title: `More from ${optionLabel(product.brand)}`,
      to: brandPath(product.brand),
      items: brandItems,
      pending: sameBrand.isPending,
    },
    {
      id: 'related-category',
      title: `More in ${optionLabel(product.category)}`,
      to: categoryPath(product.category),
      items: categoryItems,
      pending: sameCategory.isPending,
    },
  ]
  return (
    <section
      ref={ref}
      aria-label="Related products"
      className="flex flex-col gap-8 border-t pt-8 render-when-visible"
    >
      {rows.map((row) =>
        row.pending ? (
          <SectionShell key={row.id} id={row.id} title={row.title}>
            <ProductGridSkeleton count={RELATED_COUNT} />
          </SectionShell>
        ) : row.items.length > 0 ? (
          <SectionShell key={row.id} id={row.id} title={row.title} viewAllTo={row.to}>
            <ProductGrid products={row.items} linkFor={productPath} className="xl:grid-cols-4" />
          </SectionShell>
        ) : null,
      )}
    </section>
  )
}
