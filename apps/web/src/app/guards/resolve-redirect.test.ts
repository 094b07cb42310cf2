import { describe, expect, it } from 'vitest'
import { resolveRedirect } from './resolve-redirect'

const shopper = { role: 'user', type: 'user' } as const
const vendor = { role: 'admin', type: 'vendor' } as const
const admin = { role: 'admin', type: 'admin' } as const
/** Not a combination the API creates: gets the least access. */
const oddVendor = { role: 'user', type: 'vendor' } as const

type Row = [
  who: string,
  user: Parameters<typeof resolveRedirect>[1],
  path: string,
  to: string | null,
]

const table: Row[] = [
  // Guests browse the shop and static pages, and need sign-in for everything personal.
  ['guest', null, '/', null],
  ['guest', null, '/shop/listing', null],
  ['guest', null, '/shop/search', null],
  ['guest', null, '/aboutUs', null],
  ['guest', null, '/privacy-policy', null],
  ['guest', null, '/term-conditions', null],
  ['guest', null, '/contact-us', null],
  ['guest', null, '/shipping-policy', null],
  ['guest', null, '/return', null],
  ['guest', null, '/returnAndRefunds', null],
  ['guest', null, '/login', null],
  ['guest', null, '/register/user', null],
  ['guest', null, '/register/seller', null],
  ['guest', null, '/unauth-page', null],
  ['guest', null, '/deposit', null],
  ['guest', null, '/payment-status', null],
  ['guest', null, '/no-such-page', null],
  ['guest', null, '/shop/checkout', '/login'],
  ['guest', null, '/shop/account', '/login'],
  ['guest', null, '/shop/paypal-return', '/login'],
  ['guest', null, '/shop/payment-success', '/login'],
  ['guest', null, '/admin', '/login'],
  ['guest', null, '/admin/dashboard', '/login'],
  ['guest', null, '/admin/products', '/login'],
  ['guest', null, '/admin/vendor-verificaton', '/login'],
  // The router matches case-insensitively and with a trailing slash: so does the guard.
  ['guest', null, '/Shop/Checkout/', '/login'],
  ['guest', null, '/ADMIN/orders', '/login'],

  // Shoppers.
  ['shopper', shopper, '/', null],
  ['shopper', shopper, '/shop/listing', null],
  ['shopper', shopper, '/shop/checkout', null],
  ['shopper', shopper, '/shop/account', null],
  ['shopper', shopper, '/shop/paypal-return', null],
  ['shopper', shopper, '/aboutUs', null],
  ['shopper', shopper, '/login', '/'],
  ['shopper', shopper, '/register/user', '/'],
  ['shopper', shopper, '/register/seller', '/'],
  ['shopper', shopper, '/admin/dashboard', '/unauth-page'],
  ['shopper', shopper, '/admin/products', '/unauth-page'],
  ['shopper', shopper, '/Admin/Orders/', '/unauth-page'],
  ['shopper', shopper, '/admin', '/unauth-page'],
  ['odd vendor', oddVendor, '/admin/products', '/unauth-page'],

  // Sellers: their own admin screens, nothing of the storefront's shopping.
  ['vendor', vendor, '/admin/products', null],
  ['vendor', vendor, '/admin/orders', null],
  ['vendor', vendor, '/admin/returns', null],
  ['vendor', vendor, '/admin/refunds', '/admin/products'],
  ['vendor', vendor, '/admin/business-address', null],
  ['vendor', vendor, '/admin/earnings', null],
  // A seller's statements are a page under Earnings, open to whoever may open Earnings.
  ['vendor', vendor, '/admin/earnings/statements', null],
  ['vendor', vendor, '/admin/Earnings/Statements/', null],
  ['vendor', vendor, '/admin/earnings/anything-else', '/admin/products'],
  // The marketplace's returns are the admins'.
  ['vendor', vendor, '/admin/tax-reports', '/admin/products'],
  // Paying sellers is the admins' (a seller's own payouts are on its Earnings page).
  ['vendor', vendor, '/admin/payouts', '/admin/products'],
  ['vendor', vendor, '/admin/payouts/3c4d5e6f-5e6f-4a7b-8c9d-000000000001', '/admin/products'],
  ['vendor', vendor, '/admin/settlements', '/admin/products'],
  ['vendor', vendor, '/admin/settlements/0b8f3f3e-5e6f-4a7b-8c9d-000000000001', '/admin/products'],
  ['vendor', vendor, '/admin/dashboard', '/admin/products'],
  ['vendor', vendor, '/admin/signup-vendor', '/admin/products'],
  ['vendor', vendor, '/admin/features', '/admin/products'],
  ['vendor', vendor, '/admin/vendor-verificaton', '/admin/products'],
  ['vendor', vendor, '/admin', '/admin/products'],
  ['vendor', vendor, '/login', '/admin/products'],
  ['vendor', vendor, '/register/seller', '/admin/products'],
  ['vendor', vendor, '/', '/admin/products'],
  ['vendor', vendor, '/shop/listing', '/admin/products'],
  ['vendor', vendor, '/shop/checkout', '/admin/products'],
  ['vendor', vendor, '/aboutUs', '/admin/products'],
  ['vendor', vendor, '/contact-us', '/admin/products'],
  ['vendor', vendor, '/unauth-page', null],
  ['vendor', vendor, '/deposit', null],

  // Admins: every admin screen; kept off the shopping screens.
  ['admin', admin, '/admin/dashboard', null],
  ['admin', admin, '/admin/products', null],
  ['admin', admin, '/admin/orders', null],
  ['admin', admin, '/admin/signup-vendor', null],
  ['admin', admin, '/admin/features', null],
  ['admin', admin, '/admin/vendor-verificaton', null],
  ['admin', admin, '/admin/vendor-verification', null],
  ['admin', admin, '/admin/payouts', null],
  ['admin', admin, '/admin/payouts/3c4d5e6f-5e6f-4a7b-8c9d-000000000001', null],
  ['admin', admin, '/admin/settlements', null],
  ['admin', admin, '/admin/settlements/0b8f3f3e-5e6f-4a7b-8c9d-000000000001', null],
  ['admin', admin, '/admin', '/admin/dashboard'],
  ['admin', admin, '/login', '/admin/dashboard'],
  ['admin', admin, '/register/user', '/admin/dashboard'],
  ['admin', admin, '/shop/listing', '/admin/dashboard'],
  ['admin', admin, '/shop/checkout', '/admin/dashboard'],
  ['admin', admin, '/shop/account', '/admin/dashboard'],
  // Every shop page, the home and static pages too (issue 13, decision 44).
  ['admin', admin, '/', '/admin/dashboard'],
  ['admin', admin, '/privacy-policy', '/admin/dashboard'],
  ['admin', admin, '/aboutUs', '/admin/dashboard'],
  ['admin', admin, '/term-conditions', '/admin/dashboard'],
  ['admin', admin, '/contact-us', '/admin/dashboard'],
  ['admin', admin, '/shipping-policy', '/admin/dashboard'],
  ['admin', admin, '/return', '/admin/dashboard'],
  ['admin', admin, '/returnAndRefunds', '/admin/dashboard'],
  ['admin', admin, '/shop/search', '/admin/dashboard'],
  ['admin', admin, '/AboutUs/', '/admin/dashboard'],
  ['admin', admin, '/payment-status', null],
  ['admin', admin, '/deposit', null],
  ['admin', admin, '/unauth-page', null],
]

describe('resolveRedirect', () => {
  it.each(table.map(([who, user, path, to]) => ({ who, user, path, to })))(
    '$who on $path → $to',
    ({ user, path, to }) => {
      expect(resolveRedirect(path, user)).toBe(to)
    },
  )

  describe('a shopper who just signed in', () => {
    it('goes back to the page sign-in interrupted', () => {
      expect(resolveRedirect('/login', shopper, { previousUrl: '/shop/checkout' })).toBe(
        '/shop/checkout',
      )
      expect(
        resolveRedirect('/login', shopper, { previousUrl: '/shop/listing?category=audio' }),
      ).toBe('/shop/listing?category=audio')
    })

    it('goes home when the saved address is unsafe or would bounce', () => {
      for (const previousUrl of [
        '//evil.example/phish',
        '/\\evil.example',
        'https://evil.example',
        '/login',
        '/register/user?x=1',
        '/admin/dashboard',
        null,
      ]) {
        expect(resolveRedirect('/login', shopper, { previousUrl })).toBe('/')
      }
    })

    it('ignores the saved address for sellers and admins', () => {
      const previousUrl = '/shop/checkout'
      expect(resolveRedirect('/login', vendor, { previousUrl })).toBe('/admin/products')
      expect(resolveRedirect('/login', admin, { previousUrl })).toBe('/admin/dashboard')
    })
  })
})
