import type * as React from 'react'
import type { LucideIcon } from 'lucide-react'
import { MailIcon, MapPinIcon, PhoneIcon } from 'lucide-react'
import { shopYear } from '@techbazaar/shared'
import { Link } from 'react-router'
import { Logo } from '@/app/components/logo'
import {
  FacebookIcon,
  InstagramIcon,
  LinkedinIcon,
  XBrandIcon,
  YoutubeIcon,
} from '@/app/components/social-icons'
import {
  CareEmailLink,
  CompanyAddress,
  CompanyLegalName,
  PhoneLink,
} from '@/features/static-pages/components/company-details'

const SOCIAL: { label: string; href: string; icon: LucideIcon }[] = [
  {
    label: 'TechBazaar on Instagram',
    href: 'https://www.instagram.com/techbazaar.in',
    icon: InstagramIcon,
  },
  {
    label: 'TechBazaar on Facebook',
    href: 'https://www.facebook.com/techbazaar.in',
    icon: FacebookIcon,
  },
  { label: 'TechBazaar on X', href: 'https://x.com/techbazaar_in', icon: XBrandIcon },
  {
    label: 'TechBazaar on YouTube',
    href: 'https://www.youtube.com/@techbazaar',
    icon: YoutubeIcon,
  },
  {
    label: 'TechBazaar on LinkedIn',
    href: 'https://www.linkedin.com/company/techbazaar-in',
    icon: LinkedinIcon,
  },
]

const COLUMNS: { title: string; links: { label: string; to: string }[] }[] = [
  {
    title: 'Shop',
    links: [
      { label: 'Electronics', to: '/c/electronics' },
      { label: 'Accessories', to: '/c/accessories' },
      { label: 'Top deals', to: '/shop/listing?section=top-deals' },
      { label: 'Search', to: '/shop/search' },
    ],
  },
  {
    title: 'Customer service',
    links: [
      { label: 'Shipping Policy', to: '/shipping-policy' },
      { label: 'Return', to: '/return' },
      { label: 'Refund and Cancellation', to: '/returnAndRefunds' },
      { label: 'Contact Us', to: '/contact-us' },
      { label: 'Order Tracking', to: '/shop/account?tab=orders&track' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: '/aboutUs' },
      { label: 'Privacy Policy', to: '/privacy-policy' },
      { label: 'Terms and Conditions', to: '/term-conditions' },
      { label: 'How products are ranked', to: '/ranking-parameters' },
    ],
  },
]

const footerLink =
  'inline-flex min-h-11 items-center rounded-sm text-sm text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 md:min-h-8'

export function ShopFooter() {
  const year = shopYear()
  return (
    <footer className="mt-auto border-t bg-muted/50 render-when-visible">
      <div className="mx-auto w-full max-w-7xl px-4 pt-12 pb-8 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[1.3fr_2fr]">
          <div className="max-w-sm">
            <Logo />
            <p className="mt-3 text-sm leading-6 text-muted-foreground">
              Phones, audio, wearables and accessories from brands you trust, with GST invoices and
              delivery across India.
            </p>
            <ul className="mt-5 flex flex-wrap gap-2" aria-label="Follow us">
              {SOCIAL.map(({ label, href, icon: Icon }) => (
                <li key={label}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={label}
                    className="inline-flex size-11 items-center justify-center rounded-full border bg-background text-muted-foreground transition-colors outline-none hover:border-primary hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 md:size-10"
                  >
                    <Icon aria-hidden="true" className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          </div>

          <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
            {COLUMNS.map((column) => (
              <nav key={column.title} aria-label={column.title}>
                <h2 className="text-sm font-semibold">{column.title}</h2>
                <ul className="mt-3 flex flex-col md:gap-1">
                  {column.links.map((link) => (
                    <li key={link.label}>
                      <Link to={link.to} className={footerLink}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </div>

        <div className="mt-10 grid gap-6 border-t pt-8 text-sm text-muted-foreground sm:grid-cols-2 lg:grid-cols-3">
          <FooterContact title="Registered office" icon={MapPinIcon}>
            <address className="not-italic">
              <CompanyLegalName />
              <br />
              <CompanyAddress />
            </address>
          </FooterContact>
          <FooterContact title="Talk to us" icon={PhoneIcon}>
            <ul className="flex flex-col">
              <li>
                <PhoneLink className={`${footerLink} tabular`} />
              </li>
              <li className="flex items-center gap-1.5">
                <MailIcon aria-hidden="true" className="size-4" />
                <CareEmailLink className={footerLink} />
              </li>
            </ul>
          </FooterContact>
        </div>

        <p className="mt-10 border-t pt-6 text-center text-sm text-muted-foreground">
          © {year} TechBazaar. All rights reserved.
        </p>
      </div>
    </footer>
  )
}

function FooterContact({
  title,
  icon: Icon,
  children,
}: {
  title: string
  icon: LucideIcon
  children: React.ReactNode
}) {
  return (
    <div className="flex gap-3">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="min-w-0">
        <h2 className="font-semibold text-foreground">{title}</h2>
        <div className="mt-1 leading-6">{children}</div>
      </div>
    </div>
  )
}
