import { CalendarDays, PackageCheck, RotateCcw, ShieldCheck } from 'lucide-react'
import { Link } from 'react-router'
import { PhoneLink } from '../components/phone-link'
import type { PolicyHighlight, PolicySection } from '../components/policy-page'
import { company } from './company'

export const returnSummary =
  'Changed your mind or received something that is not right? Here is when you can return a product, what condition it must be in, and how to ask for a return or replacement.'

export const returnHighlights: PolicyHighlight[] = [
  {
    icon: CalendarDays,
    title: '7-day window',
    text: 'Ask within 7 days from when delivery is initiated.',
  },
  {
    icon: PackageCheck,
    title: 'Unused and boxed',
    text: 'Original condition, original packaging.',
  },
  {
    icon: ShieldCheck,
    title: 'Checked on arrival',
    text: 'Every return is inspected before approval.',
  },
  {
    icon: RotateCcw,
    title: 'Replace or refund',
    text: 'A replacement, or a refund if none is available.',
  },
]

export const returnSections: PolicySection[] = [
  {
    id: 'return-window',
    title: 'Return window',
    content: (
      <>
        <p>
          Return requests are accepted{' '}
          <strong>within 7 days from the date delivery is initiated</strong> for your order.
          Requests made after this period cannot be accepted, but products covered by a
          manufacturer&apos;s warranty can still be serviced by the brand&apos;s authorised service
          centre.
        </p>
        <p>
          If a product arrives damaged, defective or different from what you ordered, please tell us
          as soon as possible, and in any case within the same 7 days.
        </p>
      </>
    ),
  },
  {
    id: 'conditions',
    title: 'Conditions for a return',
    content: (
      <>
        <p>To be accepted, a returned product must be:</p>
        <ul>
          <li>
            <strong>unused</strong> and in the <strong>same condition</strong> in which you received
            it;
          </li>
          <li>
            in its <strong>original packaging</strong>, with the box, manuals, warranty card,
            accessories, free gifts and any tags it came with;
          </li>
          <li>
            free of scratches, dents, stickers or engraving added after delivery, with its serial
            number or IMEI intact and matching our records.
          </li>
        </ul>
        <p>
          Before returning a phone, tablet, laptop or smartwatch, please back up and erase your
          data, sign out of your Google, Apple or other accounts and remove any screen lock. A
          device that is still locked to an account cannot be inspected and will be sent back to
          you.
        </p>
      </>
    ),
  },
  {
    id: 'how-to-request',
    title: 'How to request a return',
    content: (
      <ol>
        <li>
          <strong>Contact our support team</strong> at{' '}
          <a href={`mailto:${company.email}`}>{company.email}</a>, on <PhoneLink />, or through the{' '}
          <Link to="/contact-us">Contact Us</Link> form. Give your <strong>order ID</strong> (shown
          under <Link to="/shop/account">My Orders</Link>), the product you wish to return and the
          reason.
        </li>
        <li>
          For a damaged, defective or wrong product, attach clear photos of the product, the box and
          the shipping label. An unboxing video, if you have one, helps us resolve it faster.
        </li>
        <li>
          We confirm within one working day whether the request is eligible and arrange a pickup
          from your delivery address. Where the pin code is not served by a pickup partner, we will
          tell you how to send the parcel by courier or India Post.
        </li>
        <li>
          Pack the product securely in its original packaging and hand it over with the return
          reference we give you.
        </li>
      </ol>
    ),
  },
  {
    id: 'inspection',
    title: 'Inspection',
    content: (
      <>
        <p>
          Every returned product is inspected by the seller or by our team within 2 working days of
          reaching them. We check that it is the product we delivered, that it is unused and
          complete, and, for reported faults, that the fault is present.
        </p>
        <p>
          If the product passes inspection, we approve the return and go ahead with the replacement
          or refund. If it does not, we will explain why and ship it back to you at no further
          charge.
        </p>
      </>
    ),
  },
  {
    id: 'non-returnable',
    title: 'Products that cannot be returned',
    content: (
      <>
        <p>
          For reasons of hygiene, licensing and safety, the following cannot be returned unless they
          arrive damaged, defective or different from what you ordered:
        </p>
        <ul>
          <li>
            <strong>In-ear earphones, earbuds and neckbands</strong> once the hygiene seal or the
            packaging seal has been opened;
          </li>
          <li>
            <strong>Software, games and licence keys</strong> once the package has been opened or
            the key has been revealed or activated;
          </li>
          <li>
            <strong>Consumables</strong> such as printer ink and toner cartridges once opened, and
            screen protectors once applied;
          </li>
          <li>gift cards, recharges and digital vouchers;</li>
          <li>products marked as non-returnable on their product page at the time of purchase.</li>
        </ul>
        <p>
          Products damaged through misuse, accidents, liquid, unauthorised repair or normal wear
          after delivery are not covered by this policy.
        </p>
      </>
    ),
  },
  {
    id: 'replacement',
    title: 'Replacement',
    content: (
      <>
        <p>
          For a damaged, defective or wrong product, we will first offer a{' '}
          <strong>replacement of the same product</strong> (same model, colour and variant) at no
          extra cost. The replacement is shipped once the original product has been picked up and
          passed inspection.
        </p>
        <p>
          If the same product is out of stock, or the replacement is also faulty, we refund you in
          full instead, as set out in our{' '}
          <Link to="/returnAndRefunds">Refund and Cancellation Policy</Link>. Products returned
          because you changed your mind are refunded, not replaced.
        </p>
      </>
    ),
  },
  {
    id: 'return-costs',
    title: 'Return shipping costs',
    content: (
      <p>
        Pickup is free when the product is damaged, defective or not what you ordered. For other
        returns, the original shipping charge is not refunded, as explained in our{' '}
        <Link to="/shipping-policy">Shipping Policy</Link>.
      </p>
    ),
  },
]
