import { PRIVACY_NOTICE_ITEMS, PRIVACY_NOTICE_VERSION } from '@techbazaar/shared'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { shopPoliciesFixture } from '@/test/shop-policies'
import PrivacyPolicyPage from '../pages/privacy-policy-page'
import { renderPage } from './render'

// Issue 30.11: the privacy policy lists the items, their purposes, how long each is kept, how to
// use the rights in the account, and the grievance officer.
describe('Privacy Policy page', () => {
  it('lists each item of personal data with its purpose, as the sign-up notice does', () => {
    renderPage(<PrivacyPolicyPage />)
    const section = screen.getByRole('region', { name: 'Each item and its purpose' })
    expect(section).toHaveTextContent(`version ${PRIVACY_NOTICE_VERSION}`)
    for (const item of PRIVACY_NOTICE_ITEMS) {
      expect(section).toHaveTextContent(`${item.data}: ${item.purpose}.`)
    }
    expect(section).toHaveTextContent('withdrawing it is deleting the account')
  })

  it('says how long each kind is kept, and how to download or delete in the account', () => {
    renderPage(<PrivacyPolicyPage />)
    const retention = screen.getByRole('region', { name: 'How long we keep it' })
    expect(retention).toHaveTextContent('Tax invoices and credit notes: 8 years')
    expect(retention).toHaveTextContent('Contact messages: 365 days after we receive them.')
    expect(retention).toHaveTextContent('30 days after the return is closed')
    const rights = screen.getByRole('region', { name: 'Your rights under the DPDP Act, 2023' })
    expect(rights).toHaveTextContent('Download my data')
    expect(rights).toHaveTextContent('Delete my account')
    expect(screen.getByRole('link', { name: 'My Account → Privacy' })).toHaveAttribute(
      'href',
      '/shop/account?tab=privacy',
    )
  })

  it('names the grievance officer and the operator from the marketplace settings (issue 30.2)', () => {
    const marketplace = {
      ...shopPoliciesFixture.marketplace,
      legalName: 'Asha Trading LLP',
      grievanceOfficer: {
        ...shopPoliciesFixture.marketplace.grievanceOfficer,
        name: 'Asha Rao',
        email: 'asha@shop.example',
      },
    }
    renderPage(<PrivacyPolicyPage />, { ...shopPoliciesFixture, marketplace })
    const officer = screen.getByRole('region', { name: 'Grievance Officer and contact' })
    expect(officer).toHaveTextContent('Asha Rao, Grievance Officer')
    expect(officer).toHaveTextContent('asha@shop.example')
    expect(officer).toHaveTextContent('Asha Trading LLP')
    expect(screen.getByRole('region', { name: 'Who we are' })).toHaveTextContent(
      'operated by Asha Trading LLP',
    )
    expect(document.body).not.toHaveTextContent(/Kavya Menon|TechBazaar Retail/)
  })
})
