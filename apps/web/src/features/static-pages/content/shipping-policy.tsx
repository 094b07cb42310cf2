import { LIMITS, ORDER_STATUS_LABELS, type ShopPolicies } from '@techbazaar/shared'
import { CalendarDays, MapPin, ReceiptIndianRupee, Truck } from 'lucide-react'
import { Link } from 'react-router'
import { CareEmailLink, CareHours, PhoneLink } from '../components/company-details'
import type { PolicyHighlight, PolicySection } from '../components/policy-page'
import { Days, ShipByDays, useShopTerms } from '../components/shop-terms'

// What the shop does (issue 31.2): the seller hands each part to the courier within
// SHIP_BY_WORKING_DAYS (Sundays off), the order then reads as the status the shop names it
// (ORDER_STATUS_LABELS), and delivery costs what the settings charge. No figure is typed here.

export const shippingSummary =
  'How and where we ship your order, how long delivery takes, and what shipping costs. This policy applies to every order placed on TechBazaar, whoever the seller is.'

const workingDays = (n: number) => (n === 1 ? '1 working day' : `${n} working days`)

export const shippingHighlights = (policies: ShopPolicies): PolicyHighlight[] => [
  {
    icon: Truck,
    title: 'Trusted carriers',
    text: 'Registered domestic couriers and India Post only.',
  },
  {
    icon: CalendarDays,
    title: `Dispatched in ${workingDays(policies.shipByWorkingDays)}`,
    text: 'From confirmation to the courier, Sundays off.',
  },
  { icon: MapPin, title: 'Your address', text: 'Delivered to the address you give at checkout.' },
  {
    icon: ReceiptIndianRupee,
    title: policies.deliveryCharge === 0 ? 'Free delivery' : 'Delivery charge',
    text:
      policies.deliveryCharge === 0
        ? 'Delivery costs nothing, on every order.'
        : `₹${policies.deliveryCharge} an order, shown at checkout.`,
  },
]

/** What delivery costs, from the served settings. */
function DeliveryCharge() {
  const charge = useShopTerms()?.deliveryCharge
  if (charge === undefined) return null
  if (charge === 0)
    return (
      <p>
        <strong>Delivery is free</strong> on every order, whoever the seller is and whatever the
        order value, and so is the pickup of a return.
      </p>
    )
  return (
    <p>
      Delivery costs <strong>₹{charge}</strong> an order, shown at checkout before you pay. Shipping
      charges are <strong>non-refundable</strong>, including when the order is later returned or
      refused at delivery.
    </p>
  )
}

export const shippingSections: PolicySection[] = [
  {
    id: 'how-we-ship',
    title: 'How we ship',
    content: (
      <>
        <p>
          Orders placed on TechBazaar are shipped only through{' '}
          <strong>
            registered domestic courier companies and/or India Post (Speed Post or Registered Post)
          </strong>
          . The seller books each parcel from TechBazaar, so every shipment has a tracking number
          and a proof of delivery.
        </p>
        <p>
          Each seller packs and dispatches the products they sell. An order with items from more
          than one seller may therefore arrive in separate parcels, each with its own tracking
          number.
        </p>
        <p>We currently deliver only to addresses within India. We do not ship internationally.</p>
      </>
    ),
  },
  {
    id: 'delivery-timelines',
    title: 'Delivery timelines',
    content: (
      <>
        <p>
          The seller hands your order to the courier{' '}
          <strong>
            within <ShipByDays /> of its confirmation
          </strong>{' '}
          (Sundays are not working days). The courier then gives the parcel an expected delivery
          day, which its tracking shows.
        </p>
        <ul>
          <li>
            <strong>Prepaid orders</strong> (UPI, cards, net banking, wallets): the order is
            confirmed once our payment partner confirms the payment.
          </li>
          <li>
            <strong>Cash on Delivery orders</strong>: the order is confirmed when it is placed.
          </li>
          <li>
            <strong>Remote pin codes</strong>, including parts of the North-East, Jammu and Kashmir,
            Ladakh, and the Andaman and Nicobar and Lakshadweep islands, may take a few days longer.
          </li>
        </ul>
        <p>
          An order confirmed on a Sunday counts its working days from Monday. The courier&apos;s
          expected day is an estimate, not a guarantee.
        </p>
      </>
    ),
  },
  {
    id: 'tracking',
    title: 'Tracking your order',
    content: (
      <>
        <p>
          Once your order is dispatched, its status changes to{' '}
          <strong>{ORDER_STATUS_LABELS.inShipping}</strong> under{' '}
          <Link to="/shop/account">My Orders</Link>. You can follow the parcel there or on the
          courier&apos;s website with the tracking number.
        </p>
        <p>
          If the tracking stops moving or the expected day passes, please contact us with your order
          ID and we will follow up with the courier for you.
        </p>
      </>
    ),
  },
  {
    id: 'delays',
    title: 'Delays by couriers or the postal service',
    content: (
      <>
        <p>
          TechBazaar and its sellers hand over every order for dispatch within the promised time.
          However,{' '}
          <strong>
            we are not liable for any delay in delivery caused by the courier company or the postal
            authorities
          </strong>
          , or by events outside our control such as floods, strikes, lockdowns, transport
          disruption or restrictions imposed by the authorities.
        </p>
        <p>
          We will still help you: if your parcel is late, contact us and we will chase the carrier
          and keep you informed.
        </p>
      </>
    ),
  },
  {
    id: 'delivery-address',
    title: 'Delivery address',
    content: (
      <>
        <p>
          All orders are delivered to the <strong>address provided by the buyer</strong> at
          checkout. Please check the address, pin code and phone number before you place the order:
          the courier uses the phone number to reach you on the day of delivery.
        </p>
        <ul>
          <li>The address cannot be changed once the order has been dispatched.</li>
          <li>
            If nobody is available, the carrier will usually attempt delivery again. A parcel that
            cannot be delivered after repeated attempts is returned to the seller, and the order is
            cancelled and refunded as described in our{' '}
            <Link to="/returnAndRefunds">Refund and Cancellation Policy</Link>.
          </li>
          <li>
            Please do not accept a parcel that looks tampered with or damaged. Refuse it, or, if you
            find the damage after opening it, ask for its return on your order within{' '}
            <Days of="returnWindowDays" /> of delivery.
          </li>
        </ul>
        <p>You can keep up to {LIMITS.maxAddresses} saved addresses in your account.</p>
      </>
    ),
  },
  {
    id: 'services',
    title: 'Delivery of services',
    content: (
      <p>
        Where a listing is a service rather than a physical product, the{' '}
        <strong>
          confirmation of delivery of the service is sent to the email address registered with your
          account
        </strong>
        . Please keep that email address current and check your spam folder if the confirmation does
        not arrive.
      </p>
    ),
  },
  {
    id: 'shipping-charges',
    title: 'Shipping charges',
    content: <DeliveryCharge />,
  },
  {
    id: 'contact',
    title: 'Contact',
    content: (
      <p>
        For any question about a shipment, write to <CareEmailLink /> or call <PhoneLink /> (
        <CareHours />) with your order ID.
      </p>
    ),
  },
]
