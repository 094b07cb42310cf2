import { ArrowRight, ChevronDown, FileText, Mail, type LucideIcon } from 'lucide-react'
import type * as React from 'react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { cn } from '@/lib/utils'
import { PageTitle, pageContainer } from './page-title'
import { CareEmailLink, PhoneLink } from './company-details'

export interface PolicySection {
  /** Anchor id: kebab-case, unique on the page. */
  id: string
  title: string
  content: React.ReactNode
}

export interface PolicyHighlight {
  icon: LucideIcon
  title: string
  text: string
}

export const policyLinks = [
  { key: 'shipping', to: '/shipping-policy', label: 'Shipping Policy' },
  { key: 'return', to: '/return', label: 'Return Policy' },
  { key: 'refund', to: '/returnAndRefunds', label: 'Refund and Cancellation' },
  { key: 'privacy', to: '/privacy-policy', label: 'Privacy Policy' },
  { key: 'terms', to: '/term-conditions', label: 'Terms and Conditions' },
  { key: 'ranking', to: '/ranking-parameters', label: 'How products are ranked' },
] as const

export type PolicyKey = (typeof policyLinks)[number]['key']

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** "2026-11-01" -> "1 November 2026" */
export function formatPolicyDate(isoDate: string) {
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`))
}

/**
 * Prose styling with plain utilities (@tailwindcss/typography is not installed), applied to the
 * elements the policy texts use: p, ul, ol, li, h3, a, strong.
 */
export const proseClasses = cn(
  'space-y-4 text-[0.9375rem] leading-7 text-foreground/85',
  '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-5',
  '[&_li]:pl-1 [&_li]:marker:text-muted-foreground',
  '[&_h3]:pt-2 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-foreground',
  '[&_strong]:font-semibold [&_strong]:text-foreground',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:decoration-2',
)

/** Highlights the section being read; quietly does nothing where IntersectionObserver is missing. */
function useActiveSection(ids: string[]) {
  const [active, setActive] = useState<string | undefined>(ids[0])
  const key = ids.join('|')
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries
          .filter((entry) => entry.isIntersecting)
          .sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top)
        if (visible[0]) setActive(visible[0].target.id)
      },
      // The band just below the sticky header counts as "being read".
      { rootMargin: '-96px 0px -65% 0px' },
    )
    for (const id of key.split('|')) {
      const element = document.getElementById(id)
      if (element) observer.observe(element)
    }
    return () => observer.disconnect()
  }, [key])
  return active
}

/**
 * In-page links scroll by hand: a plain hash change would reach the router as a navigation and
 * could trigger its scroll-to-top. Focus moves to the heading so keyboard users land there too.
 */
function jumpToSection(event: React.MouseEvent<HTMLAnchorElement>, id: string) {
  const section = document.getElementById(id)
  if (!section) return
  event.preventDefault()
  // On phones the contents sit in a drawer: close it so the section is not hidden behind it.
  event.currentTarget.closest('details')?.removeAttribute('open')
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
  section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' })
  document.getElementById(`${id}-heading`)?.focus({ preventScroll: true })
  window.history.replaceState(window.history.state, '', `#${id}`)
}

function TocList({ sections, active }: { sections: PolicySection[]; active?: string }) {
  return (
    <ol className="space-y-0.5 text-sm">
      {sections.map((section, index) => (
        <li key={section.id}>
          <a
            href={`#${section.id}`}
            onClick={(event) => jumpToSection(event, section.id)}
            aria-current={active === section.id ? 'location' : undefined}
            className={cn(
              'flex min-h-9 items-center gap-2 rounded-md border-l-2 border-transparent px-3 py-1.5 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
              'aria-[current=location]:border-primary aria-[current=location]:bg-accent aria-[current=location]:font-medium aria-[current=location]:text-accent-foreground',
            )}
          >
            <span className="w-5 shrink-0 text-xs tabular-nums">{index + 1}.</span>
            <span>{section.title}</span>
          </a>
        </li>
      ))}
    </ol>
  )
}

interface PolicyPageProps {
  policy: PolicyKey
  title: string
  summary: React.ReactNode
  /** ISO date, e.g. 2026-11-01 */
  lastUpdated: string
  highlights?: PolicyHighlight[]
  sections: PolicySection[]
}

/** The one look every policy page shares: title band, key points, contents, numbered sections. */
export function PolicyPage({
  policy,
  title,
  summary,
  lastUpdated,
  highlights,
  sections,
}: PolicyPageProps) {
  const active = useActiveSection(sections.map((section) => section.id))
  const related = policyLinks.filter((link) => link.key !== policy)

  return (
    <div className="pb-16">
      <PageTitle
        eyebrow="Policies"
        eyebrowIcon={FileText}
        title={title}
        description={summary}
        meta={
          <p className="text-sm text-muted-foreground">
            Last updated{' '}
            <time dateTime={lastUpdated} className="font-medium text-foreground">
              {formatPolicyDate(lastUpdated)}
            </time>
          </p>
        }
      />

      <div className={pageContainer('reading')}>
        {highlights && highlights.length > 0 && (
          <ul aria-label="Key points" className="mt-8 grid grid-cols-2 gap-3 lg:grid-cols-4">
            {highlights.map(({ icon: Icon, title: highlightTitle, text }) => (
              <li
                key={highlightTitle}
                className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs sm:flex-row"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-primary sm:size-10">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block text-sm font-semibold">{highlightTitle}</span>
                  <span className="mt-0.5 block text-sm leading-5 text-muted-foreground">
                    {text}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}

        <div className="mt-8 grid gap-8 lg:mt-10 lg:grid-cols-[15rem_minmax(0,48rem)] lg:gap-12">
          <aside className="lg:sticky lg:top-24 lg:self-start">
            <details className="group rounded-xl border bg-card lg:hidden">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between px-4 text-sm font-semibold [&::-webkit-details-marker]:hidden">
                On this page
                <ChevronDown
                  className="size-4 text-muted-foreground transition-transform group-open:rotate-180"
                  aria-hidden="true"
                />
              </summary>
              <nav aria-label="On this page" className="border-t p-2">
                <TocList sections={sections} active={active} />
              </nav>
            </details>
            <nav aria-label="On this page" className="hidden lg:block">
              <p className="mb-2 px-3 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
                On this page
              </p>
              <TocList sections={sections} active={active} />
            </nav>
          </aside>

          <article className="min-w-0">
            {sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-heading`}
                className="scroll-mt-24 border-b py-8 first:pt-0 last:border-b-0"
              >
                <h2
                  id={`${section.id}-heading`}
                  tabIndex={-1}
                  className="flex gap-3 text-xl font-semibold tracking-tight text-foreground focus:outline-none"
                >
                  <span className="text-primary tabular-nums" aria-hidden="true">
                    {index + 1}.
                  </span>
                  {section.title}
                </h2>
                <div className={cn(proseClasses, 'mt-4')}>{section.content}</div>
              </section>
            ))}

            <div className="mt-6 flex flex-col gap-4 rounded-xl border bg-muted/60 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
              <div>
                <h2 className="font-semibold">Questions about this policy?</h2>
                <p className="mt-1 text-sm text-muted-foreground">
                  Write to{' '}
                  <CareEmailLink className="font-medium text-primary underline-offset-4 hover:underline" />{' '}
                  or call{' '}
                  <PhoneLink className="font-medium text-primary underline-offset-4 hover:underline" />
                  . We reply within one working day.
                </p>
              </div>
              <Link
                to="/contact-us"
                className="inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-md bg-primary px-5 text-sm font-medium text-primary-foreground shadow-xs transition-colors hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                <Mail className="size-4" aria-hidden="true" />
                Contact us
              </Link>
            </div>

            <nav aria-label="Related policies" className="mt-8">
              <h2 className="text-sm font-semibold text-muted-foreground">Related policies</h2>
              <ul className="mt-3 grid gap-2 sm:grid-cols-2">
                {related.map((link) => (
                  <li key={link.key}>
                    <Link
                      to={link.to}
                      className="group flex min-h-11 items-center justify-between rounded-lg border bg-card px-4 py-2.5 text-sm font-medium transition-colors hover:border-primary/40 hover:bg-accent"
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
            </nav>
          </article>
        </div>
      </div>
    </div>
  )
}
