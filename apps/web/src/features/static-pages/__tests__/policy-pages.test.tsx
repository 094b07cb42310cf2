import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import PrivacyPolicyPage from '../pages/privacy-policy-page'
import RefundPage from '../pages/refund-page'
import ReturnPage from '../pages/return-page'
import ShippingPolicyPage from '../pages/shipping-policy-page'
import TermsPage from '../pages/terms-page'
import { shopPoliciesFixture } from '@/test/shop-policies'
import { renderPage } from './render'

const pages = [
  { Page: ShippingPolicyPage, title: 'Shipping Policy', mustSay: /India Post/ },
  {
    Page: ReturnPage,
    title: 'Return Policy',
    mustSay: /within 7 days of delivery/,
    date: ['27 November 2026', '2026-11-27'] as const,
  },
  {
    Page: RefundPage,
    title: 'Refund and Cancellation Policy',
    mustSay: /within 10 days/,
    date: ['27 November 2026', '2026-11-27'] as const,
  },
  {
    Page: PrivacyPolicyPage,
    title: 'Privacy Policy',
    mustSay: /Digital Personal Data Protection Act, 2023/,
  },
  { Page: TermsPage, title: 'Terms and Conditions', mustSay: /courts at Bengaluru/ },
]

describe.each(pages)('$title page', ({ Page, title, mustSay, date }) => {
  it('shows its title, last-updated date and its text', () => {
    renderPage(<Page />)
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    const [shown, iso] = date ?? (['27 November 2026', '2026-11-27'] as const)
    expect(screen.getByText(shown)).toHaveAttribute('datetime', iso)
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

describe('the return and refund pages say what the shop does (issue 30.6)', () => {
  const settings = { ...shopPoliciesFixture, returnWindowDays: 10, refundDays: 5 }

  it('takes the return window and refund time from the settings, and promises no replacement', () => {
    renderPage(<ReturnPage />, settings)
    expect(document.body).toHaveTextContent(/within 10 days of delivery/)
    expect(document.body).not.toHaveTextContent(/7 days/)
    expect(document.body).not.toHaveTextContent(/replace/i)
    // A failed check is not shipped back by any flow: the page must not promise it.
    expect(document.body).not.toHaveTextContent(/ship it back|sent back to you/i)
  })

  it('lets the shopper cancel from My Orders, refunds in the set days, and replaces nothing', () => {
    renderPage(<RefundPage />, settings)
    expect(document.body).toHaveTextContent(/Cancel on your order under My Orders/)
    expect(document.body).toHaveTextContent(/within 5 days/)
    expect(document.body).not.toHaveTextContent(/To cancel, contact our support team/)
    expect(document.body).not.toHaveTextContent(/replacement/i)
    expect(document.body).not.toHaveTextContent(/sent back to you/i)
  })
})

describe('the terms page names the marketplace from its settings (issue 30.2)', () => {
  it('shows the configured legal name, office and grievance officer', () => {
    const marketplace = {
      ...shopPoliciesFixture.marketplace,
      legalName: 'Acme Bazaar LLP',
      addressLines: ['5 Park Street', 'Kolkata 700016'],
      grievanceOfficer: { ...shopPoliciesFixture.marketplace.grievanceOfficer, name: 'Asha Rao' },
    }
    renderPage(<TermsPage />, { ...shopPoliciesFixture, marketplace })
    expect(document.body).toHaveTextContent(
      /operated by Acme Bazaar LLP, 5 Park Street, Kolkata 700016/,
    )
    expect(document.body).toHaveTextContent(/Asha Rao, Grievance Officer/)
    expect(document.body).not.toHaveTextContent(/Kavya Menon|Indiranagar/)
  })
})
