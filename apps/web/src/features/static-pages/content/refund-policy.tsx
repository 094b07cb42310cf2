import { BadgeIndianRupee, CalendarDays, CreditCard, X } from 'lucide-react'
import { Link } from 'react-router'
import { PhoneLink } from '../components/phone-link'
import type { PolicyHighlight, PolicySection } from '../components/policy-page'
import { company } from './company'

export const refundSummary =
  'How to cancel an order, when and how you get your money back, and what to do if a product arrives damaged or defective.'

export const refundHighlights: PolicyHighlight[] = [
  { icon: X, title: 'Free cancellation', text: 'Cancel any time before your order is shipped.' },
  { icon: CalendarDays, title: 'Refund in 10 days', text: 'Credited within 10 days of approval.' },
  { icon: CreditCard, title: 'Original payment mode', text: 'Money goes back the way you paid.' },
  {
    icon: BadgeIndianRupee,
    title: 'COD refunds',
    text: 'Paid to your bank account by NEFT or IMPS.',
  },
]

export const refundSections: PolicySection[] = [
  {
    id: 'cancellation',
    title: 'Cancelling an order',
    content: (
      <>
        <p>
          You can cancel an order <strong>free of charge at any time before it is shipped</strong>,
          while its status is Pending, Confirmed or In process. To cancel, contact our support team
          with your order ID through the <Link to="/contact-us">Contact Us</Link> page, by email at{' '}
          <a href={`mailto:${company.email}`}>{company.email}</a> or by phone on <PhoneLink />.
        </p>
        <p>
          Once an order has been shipped it can no longer be cancelled. You may instead refuse the
          parcel at delivery, or return the product under our{' '}
          <Link to="/return">Return Policy</Link>. For a prepaid order refused at delivery, the
          order value is refunded once the parcel is back with the seller; the shipping charge is
          not refunded.
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
          We will tell you by email, and any amount you have paid, including shipping, is refunded
          in full to the original payment mode.
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
          A refund is approved when a cancellation is accepted, or when a returned product passes
          inspection.{' '}
          <strong>
            Once approved, the refund is credited within 10 days to the original mode of payment.
          </strong>{' '}
          We email you when the refund is issued.
        </p>
        <ul>
          <li>
            <strong>UPI and wallets:</strong> back to the same UPI ID or wallet, usually within 2 to
            3 days.
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
          If you have not received a refund 10 days after approval, please check with your bank
          first, then contact us with your order ID and we will share the transaction reference.
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
          Cash on Delivery orders have no online payment to reverse, so we refund them to{' '}
          <strong>your bank account</strong> by NEFT or IMPS. When your refund is approved, we ask
          you for the account holder&apos;s name, account number and IFSC code.
        </p>
        <p>
          The 10-day period starts once we have received correct bank details. For your safety, our
          team will never ask for your card PIN, OTP, UPI PIN or net-banking password.
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
          If a product arrives damaged or defective, or is not the product you ordered,{' '}
          <strong>report it within 7 days of delivery</strong> with your order ID and photos of the
          product and packaging. Once the seller or the brand has confirmed the problem, you can
          choose a replacement or a full refund of the product price.
        </p>
        <p>
          Problems that appear after 7 days are handled under the manufacturer&apos;s warranty by
          the brand&apos;s authorised service centre. We are happy to help you find the nearest one.
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
          Shipping charges paid on an order, as set out in our{' '}
          <Link to="/shipping-policy">Shipping Policy</Link>, except when the seller or TechBazaar
          cancels the order.
        </li>
        <li>
          Products that fail inspection under our <Link to="/return">Return Policy</Link>; these are
          sent back to you.
        </li>
        <li>Gift cards, recharges and digital vouchers once issued.</li>
      </ul>
    ),
  },
]
