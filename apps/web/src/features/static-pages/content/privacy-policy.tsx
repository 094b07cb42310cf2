import { Cookie, EyeOff, Lock, UserCheck } from 'lucide-react'
import { MARKETING_NOTICE, PRIVACY_NOTICE_ITEMS, PRIVACY_NOTICE_VERSION } from '@techbazaar/shared'
import { Link } from 'react-router'
import {
  CompanyAddress,
  CompanyLegalName,
  GrievanceOfficerAddress,
} from '../components/company-details'
import type { PolicyHighlight, PolicySection } from '../components/policy-page'
import { Days, Hours, OtpMinutes, useShopTerms } from '../components/shop-terms'

/**
 * What happens to a shopper account nobody uses (DPDP Rules 2025, Third Schedule; decision 82),
 * from the settings: erased after its period with a notice mailed first, or kept when the period
 * is 0.
 */
function InactiveAccounts() {
  const days = useShopTerms()?.inactiveAccountDays
  if (days === undefined) return null
  if (days === 0) return <>kept until you delete them.</>
  return (
    <>
      a shopper account with no sign-in and no order for <Days of="inactiveAccountDays" /> is erased
      as if you had deleted it (what tax law keeps stays, as above). We mail you{' '}
      <Hours of="inactiveNoticeHours" /> before; signing in keeps the account.
    </>
  )
}

export const privacySummary =
  'What personal data TechBazaar collects, why we need it, who we share it with, how long we keep it, and the rights you have under the Digital Personal Data Protection Act, 2023.'

export const privacyHighlights: PolicyHighlight[] = [
  {
    icon: Cookie,
    title: 'Two cookies',
    text: 'One keeps you signed in, one remembers this browser signed in before. Nothing else.',
  },
  { icon: EyeOff, title: 'No trackers', text: 'No third-party analytics, ads or tracking pixels.' },
  { icon: Lock, title: 'Never sold', text: 'We do not sell or rent your personal data.' },
  {
    icon: UserCheck,
    title: 'Your rights',
    text: 'Access, correct or erase your data at any time.',
  },
]

export const privacySections: PolicySection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    content: (
      <>
        <p>
          TechBazaar is operated by{' '}
          <strong>
            <CompanyLegalName />
          </strong>
          , <CompanyAddress /> (&ldquo;TechBazaar&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;). For
          the personal data described in this policy we are the <strong>Data Fiduciary</strong>{' '}
          under the Digital Personal Data Protection Act, 2023 (&ldquo;DPDP Act&rdquo;).
        </p>
        <p>
          This policy covers the TechBazaar website and the services offered through it to shoppers,
          sellers and visitors. By using TechBazaar you agree to the handling of your data as
          described here, and where we rely on your consent we ask for it separately.
        </p>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'Personal data we collect',
    content: (
      <>
        <h3>Data you give us</h3>
        <ul>
          <li>
            <strong>Account:</strong> your name, email address, mobile number and password. We store
            only a one-way hash of your password, never the password itself.
          </li>
          <li>
            <strong>Sellers:</strong> business name, GST Identification Number (GSTIN) and the
            contact details needed to verify and pay you.
          </li>
          <li>
            <strong>Addresses:</strong> up to three delivery addresses with city, pin code, phone
            number and delivery notes.
          </li>
          <li>
            <strong>Orders:</strong> the products you buy, prices, order and delivery status, and
            the payment method chosen.
          </li>
          <li>
            <strong>Reviews and messages:</strong> product reviews and ratings you publish, and
            messages you send us through the Contact Us form or by email.
          </li>
          <li>
            <strong>Consents:</strong> which version of our privacy notice you agreed to, for which
            purpose, when, and when you withdrew a consent.
          </li>
        </ul>
        <h3>Data created when you use TechBazaar</h3>
        <ul>
          <li>
            <strong>Payment references</strong> from our payment partners, such as the transaction
            ID and status. We never receive or store your full card number, CVV, UPI PIN or
            net-banking password; these are handled only by the payment provider.
          </li>
          <li>
            <strong>Technical data:</strong> IP address, browser and device type, and the date and
            time of requests, kept in server logs for security.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'why-we-use-it',
    title: 'Why we use your data',
    content: (
      <>
        <p>We use personal data only for the purposes below:</p>
        <ul>
          <li>to create and secure your account, including sending one-time passwords (OTPs);</li>
          <li>
            to process orders, take payments, arrange delivery, and handle returns and refunds;
          </li>
          <li>to verify sellers, including checking GSTINs, and to settle payments to them;</li>
          <li>to issue GST tax invoices and keep the records that tax and company law require;</li>
          <li>to answer your questions and complaints;</li>
          <li>to detect and prevent fraud, abuse and security incidents;</li>
          <li>to comply with legal obligations and lawful requests from the authorities.</li>
        </ul>
        <p>
          We process your data with your consent, or for the legitimate uses permitted by Section 7
          of the DPDP Act, such as fulfilling a purchase you have asked for or complying with the
          law. We do not use your data for automated decisions that significantly affect you, and we
          do not profile you for advertising.
        </p>
      </>
    ),
  },
  {
    id: 'items-and-purposes',
    title: 'Each item and its purpose',
    content: (
      <>
        <p>
          This is the notice shown when you create an account (version {PRIVACY_NOTICE_VERSION}):
          each item of personal data, and what we use it for.
        </p>
        <ul>
          {PRIVACY_NOTICE_ITEMS.map((item) => (
            <li key={item.data}>
              <strong>{item.data}:</strong> {item.purpose}.
            </li>
          ))}
        </ul>
        <p>
          <strong>Optional:</strong> {MARKETING_NOTICE} It is asked for with its own box at sign-up,
          never ticked in advance.
        </p>
        <p>
          Consent for your account covers the items above and cannot be withdrawn while keeping the
          account: withdrawing it is deleting the account (see{' '}
          <a href="#your-rights">your rights</a>). Your record of consent is kept, closed, as proof
          of what you agreed to.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    content: (
      <>
        <p>
          TechBazaar uses <strong>a session cookie</strong> that keeps you signed in. It is strictly
          necessary, cannot be read by scripts on the page (httpOnly), is sent only to TechBazaar,
          and is deleted when you log out or the sign-in expires, <Days of="sessionDays" /> after
          you signed in.
        </p>
        <p>
          After you sign in, <strong>a device cookie</strong> remembers that this browser signed in
          to your account before, so that someone guessing your password elsewhere cannot lock you
          out. It holds a random number, is httpOnly too, and expires <Days of="deviceCookieDays" />{' '}
          after your last sign-in on this browser.
        </p>
        <p>
          <strong>We do not use third-party trackers</strong>: no advertising cookies, analytics
          services, social-media pixels or fingerprinting.
        </p>
        <p>
          Your browser&apos;s own storage keeps a few things on your device only: the cart you build
          before signing in (local storage) and your last listing filters (session storage). You can
          clear them at any time from your browser settings.
        </p>
        <p>
          When you pay online you are taken to a payment provider&apos;s page, which may set its own
          cookies under its own privacy policy.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    content: (
      <>
        <p>
          <strong>We do not sell or rent your personal data.</strong> We share only what each party
          needs to do its job:
        </p>
        <ul>
          <li>
            <strong>Sellers</strong> receive your name, delivery address, phone number and the items
            ordered from them, to pack, ship and invoice your order.
          </li>
          <li>
            <strong>Courier companies and India Post</strong> receive your name, delivery address
            and phone number to deliver and pick up parcels.
          </li>
          <li>
            <strong>Payment providers</strong> (Cashfree, PayU, GATEPAY and PhonePe) receive the
            order amount and the details you enter on their pages, to process payments and refunds
            under the Reserve Bank of India&apos;s rules.
          </li>
          <li>
            <strong>Service providers</strong> who host our servers and send our emails and OTPs,
            bound by contract to use the data only on our instructions.
          </li>
          <li>
            <strong>Government authorities</strong>, courts and law-enforcement agencies when the
            law requires it, for example tax authorities for GST records.
          </li>
        </ul>
        <p>
          Your published reviews show your user name to other shoppers. If TechBazaar is ever merged
          or sold, your data would pass to the new owner under this same policy, and we would tell
          you first.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    content: (
      <ul>
        <li>All traffic between your browser and TechBazaar is encrypted with HTTPS.</li>
        <li>Passwords are stored with a slow, salted one-way hash designed to resist cracking.</li>
        <li>
          One-time passwords expire after 10 minutes and are locked after repeated wrong attempts.
        </li>
        <li>
          Access to personal data inside TechBazaar is limited to staff who need it, and is logged.
        </li>
        <li>
          Data is stored on servers in India. If a personal data breach occurs, we will inform you
          and the Data Protection Board of India without delay, and give the Board a full report
          within 72 hours, as the DPDP Rules, 2025 require.
        </li>
      </ul>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <>
        <ul>
          <li>
            <strong>Account, addresses and cart:</strong> while your account exists. When you delete
            your account they are erased at once.
          </li>
          <li>
            <strong>Tax invoices and credit notes:</strong> 8 years, as the Central Goods and
            Services Tax Act, 2017 requires. After you delete your account an invoice keeps only
            what it prints (your name, delivery address and phone as printed on it); the order
            behind it keeps only its amounts and the state of supply.
          </li>
          <li>
            <strong>Reviews:</strong> they stay on the product page, signed &ldquo;Former
            customer&rdquo; once you delete your account.
          </li>
          <li>
            <strong>Contact messages:</strong> <Days of="contactMessageKeepDays" /> after we receive
            them.
          </li>
          <li>
            <strong>Photos sent with a return:</strong> <Days of="returnPhotoKeepDays" /> after the
            return is closed.
          </li>
          <li>
            <strong>Sign-ins (browser and IP address):</strong> until the sign-in expires or you
            sign out.
          </li>
          <li>
            <strong>Server logs:</strong> one year, as the DPDP Rules, 2025 require for detecting
            and investigating unauthorised access.
          </li>
          <li>
            <strong>OTPs and pending registrations:</strong> <OtpMinutes /> after they are sent.
          </li>
          <li>
            <strong>Accounts no longer used:</strong> <InactiveAccounts />
          </li>
        </ul>
        <p>
          A job runs every hour to delete what has passed its period. After these periods the data
          is deleted or irreversibly anonymised.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights under the DPDP Act, 2023',
    content: (
      <>
        <p>As a Data Principal, you have the right to:</p>
        <ul>
          <li>
            <strong>access</strong> a summary of the personal data we hold about you and of the
            processing we do, and know who we have shared it with;
          </li>
          <li>
            <strong>correct, complete or update</strong> inaccurate or incomplete data. Most of it
            you can edit yourself under <Link to="/shop/account">Account</Link>;
          </li>
          <li>
            <strong>erase</strong> your data when it is no longer needed, unless the law requires us
            to keep it;
          </li>
          <li>
            <strong>withdraw consent</strong> at any time, as easily as you gave it. This does not
            affect processing already done;
          </li>
          <li>
            <strong>nominate</strong> another person to exercise these rights if you die or become
            unable to do so;
          </li>
          <li>
            <strong>have your grievance redressed</strong> by our Grievance Officer, and then, if
            you are not satisfied, complain to the <strong>Data Protection Board of India</strong>.
          </li>
        </ul>
        <p>
          Most of these you can do yourself under{' '}
          <Link to="/shop/account?tab=privacy">My Account → Privacy</Link>:{' '}
          <strong>Download my data</strong> (one JSON file of everything we hold about you),
          withdraw or give consent to offers by email, and <strong>Delete my account</strong> (once
          no order, return or refund is under way). Sellers, who keep tax records, close their
          accounts by writing to the Grievance Officer. For anything else, write to the Grievance
          Officer below from your registered email address. We may ask you to confirm your identity
          before acting on the request.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: (
      <p>
        TechBazaar is meant for adults. Under the DPDP Act a person under 18 is a child, and
        children may use TechBazaar only through an account held by a parent or lawful guardian who
        agrees to this policy. We do not knowingly collect data from children without verifiable
        parental consent, and we do not track or target advertising at children.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        We may update this policy when our services or the law change. The date at the top of this
        page shows when it last changed. For significant changes we will email registered users
        before the changes take effect.
      </p>
    ),
  },
  {
    id: 'grievance-officer',
    title: 'Grievance Officer and contact',
    content: (
      <>
        <p>
          For questions about this policy, to exercise your rights or to raise a complaint, contact
          our Grievance Officer:
        </p>
        <p className="rounded-lg border bg-muted/50 p-4 leading-6">
          <GrievanceOfficerAddress />
        </p>
        <p>
          We acknowledge every complaint within <Hours of="grievanceAckHours" /> and aim to resolve
          it within <Days of="grievanceResolveDays" /> of receiving it.
        </p>
      </>
    ),
  },
]
