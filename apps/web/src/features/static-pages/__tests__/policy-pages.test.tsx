import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import PrivacyPolicyPage from '../pages/privacy-policy-page'
import RefundPage from '../pages/refund-page'
import ReturnPage from '../pages/return-page'
import ShippingPolicyPage from '../pages/shipping-policy-page'
import TermsPage from '../pages/terms-page'
import { renderPage } from './render'

const pages = [
  { Page: ShippingPolicyPage, title: 'Shipping Policy', mustSay: /India Post/ },
  {
    Page: ReturnPage,
    title: 'Return Policy',
    mustSay: /within 7 days from the date delivery is initiated/,
  },
  { Page: RefundPage, title: 'Refund and Cancellation Policy', mustSay: /credited within 10 days/ },
  {
    Page: PrivacyPolicyPage,
    title: 'Privacy Policy',
    mustSay: /Digital Personal Data Protection Act, 2023/,
  },
  { Page: TermsPage, title: 'Terms and Conditions', mustSay: /courts at Bengaluru/ },
]

describe.each(pages)('$title page', ({ Page, title, mustSay }) => {
  it('shows its title, last-updated date and its text', () => {
    renderPage(<Page />)
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(screen.getByText('1 November 2026')).toHaveAttribute('datetime', '2026-11-01')
    expect(document.body).toHaveTextContent(mustSay)
  })

  it('links every section from its table of contents', () => {
    renderPage(<Page />)
    const sections = screen.getAllByRole('region').filter((region) => region.id)
    expect(sections.length).toBeGreaterThan(3)
    // Two copies of the contents exist (mobile drawer, desktop sidebar); CSS shows one.
    const [toc] = screen.getAllByRole('navigation', { name: 'On this page' })
    const links = within(toc!).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      sections.map((section) => `#${section.id}`),
    )
  })
})
