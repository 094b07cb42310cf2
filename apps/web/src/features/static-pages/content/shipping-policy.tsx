import { CalendarDays, MapPin, ReceiptIndianRupee, Truck } from 'lucide-react'
import { Link } from 'react-router'
import { PhoneLink } from '../components/company-details'
import type { PolicyHighlight, PolicySection } from '../components/policy-page'
import { CareEmailLink, CareHours } from '../components/company-details'

export const shippingSummary =
  'How and where we ship your order, how long delivery takes, and what shipping costs. This policy applies to every order placed on TechBazaar, whoever the seller is.'

export const shippingHighlights: PolicyHighlight[] = [
  {
    icon: Truck,
    title: 'Trusted carriers',
    text: 'Registered domestic couriers and India Post only.',
  },
  {
    icon: CalendarDays,
    title: '3-5 day delivery',
    text: 'Typical time from order or payment to your door.',
  },
  { icon: MapPin, title: 'Your address', text: 'Delivered to the address you give at checkout.' },
  {
    icon: ReceiptIndianRupee,
    title: 'Shipping fees',
    text: 'Shipping charges are non-refundable.',
  },
]

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
          . We do not hand parcels to unregistered or informal carriers, so every shipment has a
          tracking number and a proof of delivery.
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
          Orders are usually delivered within <strong>3 to 5 days</strong> from the date the order
          is placed and/or the payment is successfully received, or by the delivery date agreed with
          you at the time of order confirmation.
        </p>
        <ul>
          <li>
            <strong>Prepaid orders</strong> (UPI, cards, net banking, wallets): the delivery window
            starts once the payment is confirmed by our payment partner.
          </li>
          <li>
            <strong>Cash on Delivery orders</strong>: the delivery window starts when the order is
            placed and confirmed.
          </li>
          <li>
            <strong>Remote pin codes</strong>, including parts of the North-East, Jammu and Kashmir,
            Ladakh, and the Andaman and Nicobar and Lakshadweep islands, may take a few days longer.
          </li>
        </ul>
        <p>
          Orders placed on Sundays or national holidays are processed on the next working day.
          Delivery estimates shown on the product page and at checkout are estimates, not
          guarantees.
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
          Once your order is dispatched, its status changes to <strong>In shipping</strong> under{' '}
          <Link to="/shop/account">My Orders</Link>. You can follow the parcel there or on the
          courier partner&apos;s or India Post&apos;s website with the tracking number.
        </p>
        <p>
          If the tracking shows no movement for more than 3 working days, please contact us with
          your order ID and we will follow up with the carrier for you.
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
            Please do not accept a parcel that looks tampered with or damaged. Refuse it, or note
            the damage with the delivery agent, and tell us within 7 days.
          </li>
        </ul>
        <p>You can keep up to three saved addresses in your account.</p>
      </>
    ),
  },
  {
    id: 'services',
    title: 'Delivery of services',
    content: (
      <p>
        Some listings are services rather than physical products, such as extended warranties,
        installation or software licences. For these, the{' '}
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
    content: (
      <>
        <p>
          Shipping charges, where they apply, are shown at checkout before you pay. Charges levied
          by the seller or by TechBazaar for shipping an order are <strong>non-refundable</strong>,
          including when the order is later returned or refused at delivery.
        </p>
        <p>
          Many products ship free. Whether an order ships free depends on the seller and the order
          value, and is shown at checkout.
        </p>
      </>
    ),
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
