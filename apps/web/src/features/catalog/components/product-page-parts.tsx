import {
  brandPath,
  categoryPath,
  formatRupees,
  type ProductDetail,
  type ShopPolicies,
} from '@techbazaar/shared'
import { Banknote, RotateCcw, ShieldCheck, Truck } from 'lucide-react'
import { Link } from 'react-router'
import { optionLabel } from '@/lib/catalog/option-label'

/** Home › Category › Brand › the product: where it sits, for shoppers and crawlers alike. */
export function productTrail(
  product: Pick<ProductDetail, 'category' | 'brand' | 'title'>,
  path: string,
) {
  return [
    { name: 'Home', path: '/' },
    { name: optionLabel(product.category), path: categoryPath(product.category) },
    { name: optionLabel(product.brand), path: brandPath(product.brand) },
    { name: product.title, path },
  ]
}

export function Breadcrumbs({ trail }: { trail: { name: string; path: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1
          return (
            <li key={crumb.path} className="flex min-w-0 items-center gap-1.5">
              {last ? (
                <span aria-current="page" className="line-clamp-1 text-foreground">
                  {crumb.name}
                </span>
              ) : (
                <>
                  <Link
                    to={crumb.path}
                    className="inline-flex min-h-6 items-center hover:text-foreground hover:underline"
                  >
                    {crumb.name}
                  </Link>
                  <span aria-hidden="true">/</span>
                </>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

const warrantyText = (warranty: ProductDetail['warranty']) =>
  warranty.months > 0
    ? `${warranty.months} ${warranty.months === 1 ? 'month' : 'months'} warranty by the ${warranty.by.toLowerCase()}`
    : 'No warranty'

/**
 * The terms a shopper buys on, from the shop's settings (E-Commerce Rules 2020 r.6(5)(d)):
 * delivery and its charge, returns and refunds, cash on delivery, the warranty.
 */
export function ProductTerms({
  product,
  policies,
}: {
  product: ProductDetail
  policies: ShopPolicies | undefined
}) {
  const price = product.salePrice > 0 ? product.salePrice : product.price
  const items = [
    {
      icon: Truck,
      title:
        policies && policies.deliveryCharge > 0
          ? `Delivery ${formatRupees(policies.deliveryCharge)}`
          : 'Free delivery',
      text: policies
        ? `Dispatched within ${policies.shipByWorkingDays} working days; check your pincode for the date.`
        : 'Check your pincode for the delivery date.',
    },
    {
      icon: RotateCcw,
      title: policies ? `${policies.returnWindowDays}-day returns` : 'Returns',
      text: policies
        ? `Ask to return it within ${policies.returnWindowDays} days of delivery; the refund reaches you within ${policies.refundDays} days of being owed. Cancel from My Orders until it ships.`
        : 'Cancel from My Orders until it ships.',
      link: { to: '/returnAndRefunds', label: 'Returns and refunds policy' },
    },
    {
      icon: Banknote,
      title:
        policies && price > policies.codMaxAmount ? 'Pay online' : 'Cash on delivery available',
      text: policies
        ? `UPI, cards and net banking through PayU, GatePay or Cashfree; cash on delivery for orders up to ${formatRupees(policies.codMaxAmount)}.`
        : 'UPI, cards, net banking or cash on delivery.',
    },
    {
      icon: ShieldCheck,
      title: warrantyText(product.warranty),
      text: 'Keep the GST invoice from your order: it is your proof of purchase.',
    },
  ]
  return (
    <ul className="grid gap-3 rounded-xl border p-4 text-sm sm:grid-cols-2">
      {items.map(({ icon: Icon, title, text, link }) => (
        <li key={title} className="flex gap-3">
          <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="flex flex-col gap-0.5">
            <p className="font-semibold">{title}</p>
            <p className="text-muted-foreground">{text}</p>
            {link && (
              <Link
                to={link.to}
                className="inline-flex min-h-6 items-center text-primary hover:underline"
              >
                {link.label}
              </Link>
            )}
          </div>
        </li>
      ))}
    </ul>
  )
}

/** The facts a shopper compares products on, as a two-column table. */
export function Specifications({ rows }: { rows: [string, string][] }) {
  return (
    <table className="w-full text-sm">
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name} className="border-b last:border-0">
            <th scope="row" className="w-2/5 py-2 pr-4 text-left font-medium text-muted-foreground">
              {name}
            </th>
            <td className="py-2">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
