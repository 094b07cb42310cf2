import { Gavel, ReceiptIndianRupee, Store, UserCheck } from 'lucide-react'
import { Link } from 'react-router'
import type { PolicyHighlight, PolicySection } from '../components/policy-page'
import { Days, Hours } from '../components/shop-terms'
import {
  CareEmailLink,
  CareHours,
  CompanyAddress,
  CompanyLegalName,
  GrievanceOfficerContact,
  PhoneLink,
} from '../components/company-details'

export const termsSummary =
  'The agreement between you and TechBazaar when you browse, buy or sell on our marketplace. Please read it together with our shipping, return, refund and privacy policies.'

export const termsHighlights: PolicyHighlight[] = [
  { icon: UserCheck, title: '18 and over', text: 'You must be able to enter a binding contract.' },
  {
    icon: Store,
    title: 'A marketplace',
    text: 'Verified sellers sell; TechBazaar hosts and helps.',
  },
  {
    icon: ReceiptIndianRupee,
    title: 'GST invoices',
    text: 'Registered sellers invoice every order.',
  },
  { icon: Gavel, title: 'Indian law', text: 'Governed by Indian law; courts of Bengaluru.' },
]

export const termsSections: PolicySection[] = [
  {
    id: 'about-these-terms',
    title: 'About these terms',
    content: (
      <>
        <p>
          These Terms and Conditions (&ldquo;Terms&rdquo;) govern your use of the TechBazaar website
          and services, operated by{' '}
          <strong>
            <CompanyLegalName />
          </strong>
          , <CompanyAddress />. By browsing, creating an account, buying or selling on TechBazaar
          you agree to these Terms and to our <Link to="/privacy-policy">Privacy Policy</Link>,{' '}
          <Link to="/shipping-policy">Shipping Policy</Link>,{' '}
          <Link to="/return">Return Policy</Link> and{' '}
          <Link to="/returnAndRefunds">Refund and Cancellation Policy</Link>, which form part of
          them.
        </p>
        <p>
          These Terms are an electronic record under the Information Technology Act, 2000 and do not
          need a physical or digital signature. If you do not agree with them, please do not use
          TechBazaar.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    content: (
      <p>
        You may use TechBazaar only if you are at least 18 years old and competent to contract under
        the Indian Contract Act, 1872. A minor may use TechBazaar only through a parent or lawful
        guardian who holds the account and accepts these Terms. Sellers must be businesses or
        individuals registered under Indian law with a valid GSTIN. We may refuse service to anyone
        whose account has previously been suspended for breaking these Terms.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    content: (
      <ul>
        <li>
          Give accurate details when you register, verify your email address with the one-time
          password we send, and keep your details up to date.
        </li>
        <li>
          Keep your password confidential. You are responsible for everything done through your
          account; tell us at once if you suspect someone else has used it.
        </li>
        <li>One person may hold one shopper account. Accounts cannot be sold or transferred.</li>
        <li>
          You can ask us to close your account at any time. Orders already placed are completed or
          cancelled under our policies, and records the law requires are kept as described in our
          Privacy Policy.
        </li>
      </ul>
    ),
  },
  {
    id: 'marketplace',
    title: 'TechBazaar is a marketplace',
    content: (
      <>
        <p>
          TechBazaar is an online marketplace and an intermediary under the Information Technology
          Act, 2000. Products are listed and sold by independent sellers; the contract of sale for
          each product is between you and the seller named on the product page. TechBazaar provides
          the platform, collects payments on the seller&apos;s behalf, and helps with delivery,
          returns, refunds and complaints.
        </p>
        <p>
          We verify sellers before their products are listed, but we do not make or own the products
          and do not guarantee a seller&apos;s own claims about them, except where these Terms or
          the law say otherwise.
        </p>
      </>
    ),
  },
  {
    id: 'sellers',
    title: "Sellers' responsibilities",
    content: (
      <>
        <p>If you sell on TechBazaar, you agree to:</p>
        <ul>
          <li>
            hold a valid <strong>GST registration</strong>, give us your correct GSTIN, and issue a
            GST tax invoice for every order, charging and paying the correct CGST and SGST or IGST;
          </li>
          <li>
            list only genuine, new products that you are legally allowed to sell in India, with
            their manufacturer&apos;s warranty, and never counterfeit, refurbished-as-new, stolen or
            prohibited goods;
          </li>
          <li>
            describe products accurately, with correct prices, stock, specifications, images and
            warranty terms, and show the MRP, country of origin and other details required by the
            Legal Metrology (Packaged Commodities) Rules, 2011 and the Consumer Protection
            (E-Commerce) Rules, 2020;
          </li>
          <li>
            pack and dispatch orders on time through registered couriers or India Post, keep order
            statuses up to date, and honour our return and refund policies;
          </li>
          <li>
            use shoppers&apos; personal data only to fulfil their orders, and for nothing else.
          </li>
        </ul>
        <p>
          A new seller account stays pending until our team approves it. We may refuse, suspend or
          remove a seller or a listing that breaks these Terms or the law.
        </p>
      </>
    ),
  },
  {
    id: 'pricing',
    title: 'Prices and availability',
    content: (
      <>
        <p>
          All prices are in Indian rupees (₹) and include GST unless stated otherwise. Shipping
          charges, if any, are shown separately at checkout before you pay. Where a sale price is
          shown, the original price is shown beside it for comparison.
        </p>
        <p>
          Prices and stock can change at any time until you place your order. Despite our checks, a
          price or description may occasionally be wrong; if so, the seller or TechBazaar may cancel
          the affected order and refund you in full, even after confirmation.
        </p>
      </>
    ),
  },
  {
    id: 'orders',
    title: 'Orders',
    content: (
      <>
        <p>
          Placing an order is an offer to buy the products in your cart. You will see an order
          confirmation with your order ID; the contract of sale is formed when the seller accepts
          the order and dispatches it. Stock is reserved for you when the order is placed.
        </p>
        <p>
          We may limit quantities per order, and may refuse or cancel orders that appear to be
          placed for resale, placed using someone else&apos;s payment details, or otherwise
          fraudulent. Cancellations are described in our{' '}
          <Link to="/returnAndRefunds">Refund and Cancellation Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    content: (
      <>
        <p>
          You can pay by UPI, debit or credit card, net banking or wallet through our payment
          partners (such as Cashfree, PayU, GATEPAY and PhonePe), or choose Cash on Delivery where
          it is offered. Online payments are processed by the payment partner under the Reserve Bank
          of India&apos;s rules; TechBazaar never sees your full card details, UPI PIN or banking
          password.
        </p>
        <p>
          An online order is confirmed only when the payment partner confirms the payment. If money
          is debited but the order is not confirmed, it is refunded automatically to the original
          payment mode. For Cash on Delivery, please pay the exact amount shown on your order to the
          delivery agent.
        </p>
      </>
    ),
  },
  {
    id: 'delivery-returns',
    title: 'Delivery, returns and refunds',
    content: (
      <p>
        Delivery is covered by our <Link to="/shipping-policy">Shipping Policy</Link>, returns by
        our <Link to="/return">Return Policy</Link> (requests within <Days of="returnWindowDays" />{' '}
        of delivery; returns are refunded, not exchanged), and cancellations and refunds by our{' '}
        <Link to="/returnAndRefunds">Refund and Cancellation Policy</Link> (refunds credited within{' '}
        <Days of="refundDays" /> of being issued). These policies do not limit your rights under the
        Consumer Protection Act, 2019.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Reviews and acceptable use',
    content: (
      <>
        <p>
          Reviews must be honest and based on your own experience of the product. By posting a
          review you allow us to display it on TechBazaar. We remove reviews that are fake, paid
          for, abusive, or contain personal data, links or advertising.
        </p>
        <p>You must not:</p>
        <ul>
          <li>break any law, or infringe anyone&apos;s intellectual property or privacy;</li>
          <li>
            attempt to access accounts or data that are not yours, or probe, overload or disrupt our
            systems;
          </li>
          <li>scrape the site with bots, or copy listings for use elsewhere without permission;</li>
          <li>
            misuse offers, returns or Cash on Delivery, or place orders you do not intend to accept.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    content: (
      <p>
        The TechBazaar name, logo, website design and software belong to <CompanyLegalName />. Brand
        names and product images belong to their owners and are used to identify the products sold.
        You may not copy, modify or reuse any part of TechBazaar except for your personal,
        non-commercial use of the service.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Warranties and limitation of liability',
    content: (
      <>
        <p>
          Products carry the manufacturer&apos;s warranty stated on the product page, which is
          honoured by the brand&apos;s authorised service centres. Apart from that warranty and the
          rights you have by law, TechBazaar is provided &ldquo;as is&rdquo;, and we do not promise
          that it will always be available or free of errors.
        </p>
        <p>
          To the extent the law allows, our total liability for any claim relating to an order is
          limited to the amount you paid for that order, and we are not liable for indirect or
          consequential losses such as loss of data, profit or business. Nothing in these Terms
          limits liability that cannot be limited under Indian law.
        </p>
        <p>
          You agree to compensate TechBazaar for losses caused by your breach of these Terms or of
          the law, including claims made by third parties.
        </p>
      </>
    ),
  },
  {
    id: 'suspension',
    title: 'Suspension and changes',
    content: (
      <>
        <p>
          We may suspend or close an account that breaks these Terms, with notice where reasonable.
          Orders already placed will be completed or refunded.
        </p>
        <p>
          We may update these Terms from time to time. The date at the top of this page shows the
          latest version; significant changes are emailed to registered users before they apply.
          Orders are governed by the Terms in force when they were placed.
        </p>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law and jurisdiction',
    content: (
      <p>
        These Terms are governed by the laws of India. Subject to your right to approach a consumer
        commission under the Consumer Protection Act, 2019, the courts at{' '}
        <strong>Bengaluru, Karnataka</strong> have exclusive jurisdiction over any dispute arising
        from these Terms or your use of TechBazaar.
      </p>
    ),
  },
  {
    id: 'grievances',
    title: 'Grievance redressal and contact',
    content: (
      <>
        <p>
          Under the Consumer Protection (E-Commerce) Rules, 2020 and the Information Technology Act,
          2000, our Grievance Officer is <GrievanceOfficerContact />, or at the address above. We
          acknowledge complaints within <Hours of="grievanceAckHours" /> and resolve them within{' '}
          <Days of="grievanceResolveDays" /> of receipt.
        </p>
        <p>
          For everything else, write to <CareEmailLink />, call <PhoneLink /> (<CareHours />) or use
          our <Link to="/contact-us">Contact Us</Link> page.
        </p>
      </>
    ),
  },
]
