import { ORDER_STATUS_LABELS, type ShopPolicies } from '@techbazaar/shared'
import { describe, expect, it } from 'vitest'
import AboutPage from '../pages/about-page'
import PrivacyPolicyPage from '../pages/privacy-policy-page'
import RefundPage from '../pages/refund-page'
import ReturnPage from '../pages/return-page'
import ShippingPolicyPage from '../pages/shipping-policy-page'
import TermsPage from '../pages/terms-page'
import { shopPoliciesFixture } from '@/test/shop-policies'
import { renderPage } from './render'

// Issue 31.2: a policy page states only the figures and status names the code uses. The settings
// are served with values no page would type by hand, so any day or hour count the text shows
// must be one of them; a figure typed into a page fails here.
const settings: ShopPolicies = {
  ...shopPoliciesFixture,
  returnWindowDays: 11,
  returnDecisionDays: 3,
  refundDays: 13,
  shipByWorkingDays: 4,
  sessionDays: 17,
  deviceCookieDays: 211,
  returnPhotoKeepDays: 19,
  contactMessageKeepDays: 23,
  grievanceAckHours: 29,
  grievanceResolveDays: 27,
  inactiveAccountDays: 31,
  inactiveNoticeHours: 53,
  otpKeepMinutes: 37,
}

const servedDays = new Set([
  settings.returnWindowDays,
  settings.returnDecisionDays,
  settings.refundDays,
  settings.sessionDays,
  settings.deviceCookieDays,
  settings.returnPhotoKeepDays,
  settings.contactMessageKeepDays,
  settings.grievanceResolveDays,
  settings.inactiveAccountDays,
])

/** Figures a law sets, not the shop's settings: each says which. */
const LAW_FIGURES = new Set([
  '72 hours', // DPDP Rules, 2025, r.7(2): the breach report to the Data Protection Board
])

const pages = [
  { name: 'Shipping Policy', Page: ShippingPolicyPage },
  { name: 'Return Policy', Page: ReturnPage },
  { name: 'Refund and Cancellation Policy', Page: RefundPage },
  { name: 'Privacy Policy', Page: PrivacyPolicyPage },
  { name: 'Terms and Conditions', Page: TermsPage },
  // Not a policy, but it told shoppers of "7-day returns" whatever the setting said.
  { name: 'About Us', Page: AboutPage },
]

/** The page's words, each text node apart (textContent would glue a date to a heading's figure). */
function pageText(): string {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  const parts: string[] = []
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    parts.push(node.nodeValue ?? '')
  return parts.join(' ')
}

function figures(text: string) {
  return [...text.matchAll(/(\d+)[\s-](working[\s-])?(day|hour)s?\b/gi)].map((m) => ({
    said: m[0].toLowerCase(),
    n: Number(m[1]),
    unit: m[2] ? 'working day' : m[3]!.toLowerCase(),
  }))
}

describe.each(pages)('the $name page states what the code does (issue 31.2)', ({ Page }) => {
  it('names only day and hour counts the settings serve', () => {
    renderPage(<Page />, settings)
    const stated = figures(pageText())
    const unknown = stated.filter(({ said, n, unit }) => {
      if (LAW_FIGURES.has(said)) return false
      if (unit === 'working day') return n !== settings.shipByWorkingDays
      if (unit === 'hour')
        return n !== settings.grievanceAckHours && n !== settings.inactiveNoticeHours
      return !servedDays.has(n)
    })
    expect(unknown.map((f) => f.said)).toEqual([])
  })

  it('promises no replacement, no status the shop lacks and no ship-back flow', () => {
    renderPage(<Page />, settings)
    const text = pageText()
    expect(text).not.toMatch(/replace(ment)?/i)
    expect(text).not.toMatch(/in shipping/i)
    expect(text).not.toMatch(/shipped back|ship it back|sent back to you/i)
    expect(text).not.toMatch(/contact (our )?support (team )?to cancel|to cancel, contact/i)
  })
})

describe('the pages take their words and figures from the settings', () => {
  it('the shipping page names the status the shop shows and its dispatch time', () => {
    renderPage(<ShippingPolicyPage />, settings)
    expect(document.body).toHaveTextContent(
      `its status changes to ${ORDER_STATUS_LABELS.inShipping} under My Orders`,
    )
    expect(document.body).toHaveTextContent(/Dispatched in 4 working days/)
    expect(document.body).toHaveTextContent(/to the courier within 4 working days of/)
    expect(document.body).toHaveTextContent(/Delivery is free on every order/)
  })

  it('the shipping page states a delivery charge when the settings set one', () => {
    renderPage(<ShippingPolicyPage />, { ...settings, deliveryCharge: 49 })
    expect(document.body).toHaveTextContent(/Delivery costs ₹49 an order/)
    expect(document.body).not.toHaveTextContent(/Free delivery/)
  })

  it('the privacy page gives both cookies their lives from the settings', () => {
    renderPage(<PrivacyPolicyPage />, settings)
    expect(document.body).toHaveTextContent(/Two cookies/)
    expect(document.body).toHaveTextContent(/the sign-in expires, 17 days after you signed in/)
    expect(document.body).toHaveTextContent(/expires 211 days after your last sign-in/)
    expect(document.body).toHaveTextContent(/within 29 hours and aim to resolve it within 27 days/)
    // Unused accounts and OTPs, from the retention settings (decision 82).
    expect(document.body).toHaveTextContent(/no order for 31 days is erased/)
    expect(document.body).toHaveTextContent(/We mail you 53 hours before/)
    expect(document.body).toHaveTextContent(/pending registrations: 37 minutes after/)
  })

  it('the privacy page says unused accounts are kept when their erasure is off', () => {
    renderPage(<PrivacyPolicyPage />, { ...settings, inactiveAccountDays: 0 })
    expect(document.body).toHaveTextContent(/Accounts no longer used: kept until you delete them/)
  })

  it('the terms give the return window and refund time from the settings', () => {
    renderPage(<TermsPage />, settings)
    expect(document.body).toHaveTextContent(/requests within 11 days of delivery/)
    expect(document.body).toHaveTextContent(/refunds credited within 13 days of being issued/)
    expect(document.body).toHaveTextContent(/within 29 hours and resolve them within 27 days/)
  })
})
