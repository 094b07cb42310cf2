import {
  ArrowRight,
  BadgeCheck,
  BadgeIndianRupee,
  CreditCard,
  Eye,
  Headset,
  ReceiptIndianRupee,
  RotateCcw,
  ShieldCheck,
  Store,
  Target,
  Truck,
  type LucideIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { PageTitle, pageContainer } from '../components/page-title'
import { Days, ShipByDays } from '../components/shop-terms'
import { PhoneLink } from '../components/company-details'
import { Portrait } from '../components/portrait'
import { CareEmailLink } from '../components/company-details'
import { team } from '../content/team'

const facts: { icon: LucideIcon; label: string }[] = [
  { icon: Truck, label: 'Delivery across India' },
  { icon: RotateCcw, label: 'Easy returns and refunds' },
  { icon: ReceiptIndianRupee, label: 'GST invoice on every order' },
  { icon: CreditCard, label: 'UPI, cards and Cash on Delivery' },
]

const reasons: { icon: LucideIcon; title: string; text: ReactNode }[] = [
  {
    icon: BadgeCheck,
    title: 'Genuine products',
    text: 'New, sealed products with the manufacturer’s warranty, from the brands you know.',
  },
  {
    icon: ShieldCheck,
    title: 'Verified sellers',
    text: 'Every seller is GST-registered and approved by our team before their first listing goes live.',
  },
  {
    icon: BadgeIndianRupee,
    title: 'Competitive prices',
    text: 'Sellers compete for your order, and the price you see already includes GST.',
  },
  {
    icon: Truck,
    title: 'Reliable delivery',
    text: (
      <>
        Handed to registered couriers and India Post within <ShipByDays /> of your order, and
        tracked to your door.
      </>
    ),
  },
  {
    icon: RotateCcw,
    title: 'Easy returns',
    text: (
      <>
        Return unused products within <Days of="returnWindowDays" /> of delivery, with refunds
        credited within <Days of="refundDays" /> of being issued.
      </>
    ),
  },
  {
    icon: Headset,
    title: 'Support that helps',
    text: 'Real people in Bengaluru answer your email and calls, six days a week.',
  },
]

function SectionHeading({
  id,
  eyebrow,
  title,
  text,
}: {
  id: string
  eyebrow: string
  title: string
  text?: string
}) {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-semibold text-primary">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {title}
      </h2>
      {text && <p className="mt-3 text-base leading-7 text-muted-foreground">{text}</p>}
    </div>
  )
}

export default function AboutPage() {
  return (
    <div className="pb-16">
      <PageTitle
        width="wide"
        eyebrow="About TechBazaar"
        eyebrowIcon={Store}
        title="Genuine tech, fair prices and support you can reach"
        description="TechBazaar is an online marketplace from Bengaluru for phones, audio, electronics and accessories. We bring verified Indian sellers and shoppers together, so buying technology online feels as sure as buying it from the shop down the road."
      >
        <ul aria-label="At a glance" className="mt-8 grid grid-cols-2 gap-3 lg:flex lg:flex-wrap">
          {facts.map(({ icon: Icon, label }) => (
            <li
              key={label}
              className="flex items-center gap-2 rounded-lg border bg-background/90 px-3 py-2.5 text-sm font-medium shadow-xs"
            >
              <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
              {label}
            </li>
          ))}
        </ul>
      </PageTitle>

      <section aria-label="Mission and vision" className={pageContainer('wide')}>
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          <article className="relative overflow-hidden rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
            <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
              <Target className="size-6" aria-hidden="true" />
            </span>
            <h2 className="mt-5 text-xl font-bold tracking-tight">Our mission</h2>
            <p className="mt-3 text-base leading-7 text-muted-foreground">
              To build a seamless shopping platform that brings you quality products at competitive
              prices, backed by support that actually helps: from the first search to the day your
              order arrives, and long after.
            </p>
          </article>
          <article className="relative overflow-hidden rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
            <span className="flex size-12 items-center justify-center rounded-xl bg-deal text-deal-foreground">
              <Eye className="size-6" aria-hidden="true" />
            </span>
            <h2 className="mt-5 text-xl font-bold tracking-tight">Our vision</h2>
            <p className="mt-3 text-base leading-7 text-muted-foreground">
              To become the most trusted ecommerce platform in India: the first place people think
              of when they buy technology, because every product is genuine, every price is fair and
              every promise is kept.
            </p>
          </article>
        </div>
      </section>

      <section aria-labelledby="why-heading" className={pageContainer('wide')}>
        <div className="mt-16 sm:mt-20">
          <SectionHeading
            id="why-heading"
            eyebrow="Why shop with us"
            title="Everything you expect from a shop you trust"
            text="We hold every order to the same standard, whichever seller it comes from."
          />
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {reasons.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4 rounded-xl border bg-card p-5 shadow-xs">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="mt-1 text-sm leading-6 text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="team-heading" className={pageContainer('wide')}>
        <div className="mt-16 sm:mt-20">
          <SectionHeading
            id="team-heading"
            eyebrow="Our team"
            title="The people behind TechBazaar"
            text="A small team in Bengaluru that builds, runs and looks after the shop."
          />
          <ul className="mt-8 grid grid-cols-1 gap-5 min-[480px]:grid-cols-2 lg:grid-cols-4">
            {team.map((member) => (
              <li
                key={member.name}
                className="flex gap-4 rounded-2xl border bg-card p-4 shadow-xs min-[480px]:flex-col min-[480px]:items-center min-[480px]:gap-0 min-[480px]:px-5 min-[480px]:pt-7 min-[480px]:pb-6 min-[480px]:text-center"
              >
                <Portrait
                  {...member.look}
                  label={`Illustrated portrait of ${member.name}`}
                  className="size-20 shrink-0 drop-shadow-sm min-[480px]:size-32"
                />
                <div className="min-w-0">
                  <h3 className="text-lg font-semibold min-[480px]:mt-5">{member.name}</h3>
                  <p className="mt-0.5 text-sm font-medium text-primary">{member.role}</p>
                  <p className="mt-2 text-sm leading-6 text-muted-foreground min-[480px]:mt-3">
                    {member.bio}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className={pageContainer('wide')}>
        <div className="mt-16 flex flex-col gap-6 rounded-2xl bg-primary px-6 py-8 text-primary-foreground sm:mt-20 sm:px-10 sm:py-10 md:flex-row md:items-center md:justify-between">
          <div className="max-w-xl">
            <h2 id="cta-heading" className="text-2xl font-bold tracking-tight">
              We would love to hear from you
            </h2>
            <p className="mt-2 leading-7 text-primary-foreground/85">
              Questions about an order, selling on TechBazaar or anything else? Write to{' '}
              <CareEmailLink className="font-medium underline underline-offset-4" /> or call{' '}
              <PhoneLink className="font-medium underline underline-offset-4" />.
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button
              asChild
              size="lg"
              variant="secondary"
              className="bg-background text-primary hover:bg-background/90"
            >
              <Link to="/contact-us">Contact us</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
            >
              <Link to="/shop/listing">
                Start shopping
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </div>
      </section>
    </div>
  )
}
