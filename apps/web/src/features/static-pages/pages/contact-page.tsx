import {
  ArrowRight,
  Clock,
  Mail,
  MapPin,
  MessageSquareText,
  Phone,
  type LucideIcon,
} from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/utils'
import { ContactForm } from '../components/contact-form'
import { PageTitle, pageContainer } from '../components/page-title'
import { company } from '../content/company'
import {
  CareEmailLink,
  CareHours,
  CompanyLegalName,
  GrievanceOfficerContact,
  PhoneLink,
  useMarketplace,
} from '../components/company-details'

interface ContactDetail {
  icon: LucideIcon
  title: string
  content: React.ReactNode
  /** Long details take the full row beside the form. */
  wide?: boolean
}

/** The registered office, a line each, under the legal name. */
function OfficeLines() {
  const lines = useMarketplace()?.addressLines ?? []
  return lines.map((line) => (
    <span key={line}>
      <br />
      {line}
    </span>
  ))
}

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline'

const details: ContactDetail[] = [
  {
    icon: MapPin,
    title: 'Visit us',
    wide: true,
    content: (
      <address className="not-italic">
        <CompanyLegalName />
        <OfficeLines />
      </address>
    ),
  },
  {
    icon: Phone,
    title: 'Call us',
    content: (
      <>
        <PhoneLink className={linkClass} />
        <br />
        For orders, returns and refunds
      </>
    ),
  },
  {
    icon: Mail,
    title: 'Email us',
    content: (
      <>
        <CareEmailLink className={linkClass} />
        <br />
        We reply within one working day
      </>
    ),
  },
  {
    icon: Clock,
    title: 'Working hours',
    wide: true,
    content: (
      <>
        <CareHours />
        <br />
        {company.hoursNote}
      </>
    ),
  },
]

const quickLinks = [
  { to: '/shipping-policy', label: 'Where is my order?' },
  { to: '/return', label: 'How do I return a product?' },
  { to: '/returnAndRefunds', label: 'When will I get my refund?' },
]

export default function ContactPage() {
  return (
    <div className="pb-16">
      <PageTitle
        width="wide"
        eyebrow="Help and support"
        eyebrowIcon={MessageSquareText}
        title="Contact Us"
        description="Questions about an order, a return or selling on TechBazaar? Send us a message and our support team in Bengaluru will get back to you within one working day."
      />

      <div className={pageContainer('wide')}>
        {/* Phones: details, form, quick answers. Desktop: details and quick answers on the left,
            the form beside them. */}
        <div className="mt-8 grid gap-6 lg:mt-12 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:grid-rows-[auto_1fr] lg:gap-x-10 lg:gap-y-6">
          <section aria-labelledby="contact-details-heading">
            <h2 id="contact-details-heading" className="sr-only">
              Contact details
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-1">
              {details.map(({ icon: Icon, title, content, wide }) => (
                <li key={title} className={cn(wide && 'sm:col-span-2 lg:col-span-1')}>
                  <Card className="h-full flex-row items-start gap-4 p-4 sm:p-5">
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <div className="min-w-0">
                      <CardTitle className="text-base leading-6">
                        <h3>{title}</h3>
                      </CardTitle>
                      <div className="mt-1 text-sm leading-6 wrap-anywhere text-muted-foreground">
                        {content}
                      </div>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          </section>

          <section
            aria-labelledby="contact-form-heading"
            className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
          >
            <Card className="gap-6">
              <CardHeader>
                <CardTitle className="text-xl">
                  <h2 id="contact-form-heading">Send us a message</h2>
                </CardTitle>
                <CardDescription>
                  Fill in the form and we will reply to the email address you give.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <ContactForm />
              </CardContent>
            </Card>
          </section>

          <section
            aria-labelledby="quick-answers-heading"
            className="self-start rounded-xl border bg-muted/60 p-5"
          >
            <h2 id="quick-answers-heading" className="text-sm font-semibold">
              Quick answers
            </h2>
            <ul className="mt-2 grid">
              {quickLinks.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="group flex min-h-11 items-center justify-between gap-2 text-sm font-medium text-foreground hover:text-primary"
                  >
                    {link.label}
                    <ArrowRight
                      className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-primary"
                      aria-hidden="true"
                    />
                  </Link>
                </li>
              ))}
            </ul>
            <p className="mt-2 text-xs leading-5 text-muted-foreground">
              Complaints about a seller or your personal data can also go to our Grievance Officer,{' '}
              <GrievanceOfficerContact linkClassName={linkClass} />.
            </p>
          </section>
        </div>
      </div>
    </div>
  )
}
