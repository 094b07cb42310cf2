import type { ShopPolicies } from '@techbazaar/shared'
import { CalendarDays, PackageCheck, ShieldCheck, Truck } from 'lucide-react'
import { Link } from 'react-router'
import { CareEmailLink, PhoneLink } from '../components/company-details'
import type { PolicyHighlight, PolicySection } from '../components/policy-page'
import { Days } from '../components/shop-terms'

// What the shop does (issue 30.6): returns are asked for on the order, picked up by the courier,
// checked by the seller and refunded. There are no replacements, and no flow ships back a product
// that fails the check, so this page promises neither.

export const returnSummary =
  'Changed your mind or received something that is not right? Here is when you can return a product, what condition it must be in, and how to ask for a return and get your money back.'

export const returnHighlights = (policies: ShopPolicies): PolicyHighlight[] => [
  {
    icon: CalendarDays,
    title: `${policies.returnWindowDays}-day window`,
    text: `Ask within ${policies.returnWindowDays} days of delivery.`,
  },
  {
    icon: PackageCheck,
    title: 'Unused and boxed',
    text: 'Original condition, original packaging.',
  },
  {
    icon: Truck,
    title: 'Picked up from you',
    text: 'A courier pickup is booked once approved.',
  },
  {
    icon: ShieldCheck,
    title: 'Checked, then refunded',
    text: 'Every return is inspected before the refund.',
  },
]

export const returnSections: PolicySection[] = [
  {
    id: 'return-window',
    title: 'Return window',
    content: (
      <>
        <p>
          You can ask to return a product{' '}
          <strong>
            within <Days of="returnWindowDays" /> of delivery
          </strong>
          . After that the order no longer offers a return, but products covered by a
          manufacturer&apos;s warranty can still be serviced by the brand&apos;s authorised service
          centre.
        </p>
        <p>
          If a product arrives damaged, defective or different from what you ordered, please ask for
          its return as soon as possible, and in any case within the same{' '}
          <Days of="returnWindowDays" />.
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
            number or IMEI intact.
          </li>
        </ul>
        <p>
          Before returning a phone, tablet, laptop or smartwatch, please back up and erase your
          data, sign out of your Google, Apple or other accounts and remove any screen lock: a
          device still locked to an account cannot be checked and fails inspection.
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
          Open the order under <Link to="/shop/account">My Orders</Link> and choose{' '}
          <strong>Return</strong> on the delivered product. Say how many units and why.
        </li>
        <li>
          The seller decides within <Days of="returnDecisionDays" />. You get an email either way; a
          refusal says why.
        </li>
        <li>
          Once it is approved, a courier pickup is booked from your delivery address. Pack the
          product securely in its original packaging and hand it to the courier.
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
          The seller inspects the product within <Days of="returnDecisionDays" /> of receiving it:
          that it is the product delivered, unused and complete, and, for reported faults, that the
          fault is present.
        </p>
        <p>
          If it passes, the refund is issued, as set out in our{' '}
          <Link to="/returnAndRefunds">Refund and Cancellation Policy</Link>. If it does not, the
          return is closed without a refund and the seller&apos;s reason is shown on your order and
          emailed to you. To dispute it, or to have the product sent to you again, write to{' '}
          <CareEmailLink /> or call <PhoneLink /> with your order ID.
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
            screen protectors once applied.
          </li>
        </ul>
        <p>
          Products damaged through misuse, accidents, liquid, unauthorised repair or normal wear
          after delivery are not covered by this policy.
        </p>
      </>
    ),
  },
  {
    id: 'refund-not-exchange',
    title: 'Refunds, not exchanges',
    content: (
      <p>
        A return that passes inspection is refunded. The shop does not exchange products: to get
        another unit or a different model, place a new order. Delivery is free, and so is the return
        pickup.
      </p>
    ),
  },
]
