import type { ShopPolicies } from '@techbazaar/shared'
import { BadgeIndianRupee, CalendarDays, CreditCard, X } from 'lucide-react'
import { Link } from 'react-router'
import { CareEmailLink, PhoneLink } from '../components/company-details'
import type { PolicyHighlight, PolicySection } from '../components/policy-page'
import { Days } from '../components/shop-terms'

// What the shop does (issue 30.6): the shopper cancels on the order itself before it ships (no
// support desk in between), refunds follow REFUND_DAYS, and nothing is replaced.

export const refundSummary =
  'How to cancel an order, when and how you get your money back, and what to do if a product arrives damaged or defective.'

export const refundHighlights = (policies: ShopPolicies): PolicyHighlight[] => [
  { icon: X, title: 'Free cancellation', text: 'Cancel on your order any time before it ships.' },
  {
    icon: CalendarDays,
    title: `Refund in ${policies.refundDays} days`,
    text: `Credited within ${policies.refundDays} days of being issued.`,
  },
  { icon: CreditCard, title: 'Original payment mode', text: 'Money goes back the way you paid.' },
  {
    icon: BadgeIndianRupee,
    title: 'COD refunds',
    text: 'Paid to your UPI ID or bank account.',
  },
]

export const refundSections: PolicySection[] = [
  {
    id: 'cancellation',
    title: 'Cancelling an order',
    content: (
      <>
        <p>
          You can cancel an order <strong>free of charge at any time before it ships</strong>:
          choose Cancel on your order under <Link to="/shop/account">My Orders</Link>. You can
          cancel the whole order, or one seller&apos;s part of it. The stock goes back at once, and
          what you paid for the cancelled part is refunded in full.
        </p>
        <p>
          Once a part has been handed to the courier it can no longer be cancelled. You may instead
          refuse the parcel at delivery, or return the product under our{' '}
          <Link to="/return">Return Policy</Link>. A prepaid parcel refused at delivery is refunded
          once it is back with the seller.
        </p>
      </>
    ),
  },
  {
    id: 'seller-cancellation',
    title: 'Cancellations by the seller or TechBazaar',
    content: (
      <>
        <p>An order may be cancelled by the seller or by us, for example when:</p>
        <ul>
          <li>the product is out of stock or cannot be delivered to your pin code;</li>
          <li>there was an obvious error in the price or description shown;</li>
          <li>the payment could not be verified, or the order appears fraudulent.</li>
        </ul>
        <p>
          We tell you by email, and any amount you have paid is refunded in full to the original
          payment mode.
        </p>
      </>
    ),
  },
  {
    id: 'refund-timeline',
    title: 'When you get your refund',
    content: (
      <>
        <p>
          A refund is issued when a cancellation is made, or when a returned product passes
          inspection.{' '}
          <strong>
            It is credited within <Days of="refundDays" /> to the original mode of payment.
          </strong>{' '}
          We email you when the refund is issued.
        </p>
        <ul>
          <li>
            <strong>UPI and wallets:</strong> back to the same UPI ID or wallet.
          </li>
          <li>
            <strong>Debit and credit cards:</strong> back to the same card. It appears on your
            statement as soon as your bank posts it.
          </li>
          <li>
            <strong>Net banking:</strong> back to the same bank account.
          </li>
        </ul>
        <p>
          If you have not received a refund <Days of="refundDays" /> after it was issued, please
          check with your bank first, then write to <CareEmailLink /> or call <PhoneLink /> with
          your order ID and we will share the transaction reference.
        </p>
      </>
    ),
  },
  {
    id: 'cod-refunds',
    title: 'Refunds for Cash on Delivery orders',
    content: (
      <>
        <p>
          Cash on Delivery orders have no online payment to reverse, so we pay the refund to{' '}
          <strong>your UPI ID or bank account</strong>: your order asks for them when a refund is
          owed.
        </p>
        <p>
          The <Days of="refundDays" /> start once you have given them. For your safety, our team
          will never ask for your card PIN, OTP, UPI PIN or net-banking password.
        </p>
      </>
    ),
  },
  {
    id: 'damaged-defective',
    title: 'Damaged or defective products',
    content: (
      <>
        <p>
          If a product arrives damaged or defective, or is not the product you ordered, ask for its
          return on your order{' '}
          <strong>
            within <Days of="returnWindowDays" /> of delivery
          </strong>
          . Once the seller has checked it, the full price of the product is refunded.
        </p>
        <p>
          Problems that appear later are handled under the manufacturer&apos;s warranty by the
          brand&apos;s authorised service centre. We are happy to help you find the nearest one.
        </p>
      </>
    ),
  },
  {
    id: 'not-refundable',
    title: 'What is not refunded',
    content: (
      <ul>
        <li>
          Products that fail the seller&apos;s inspection under our{' '}
          <Link to="/return">Return Policy</Link>; the reason is shown on your order.
        </li>
        <li>Products that cannot be returned, as that policy lists.</li>
      </ul>
    ),
  },
]
