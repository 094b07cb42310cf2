import type * as React from 'react'

/** The two kinds of back-office account (role admin): the marketplace's admins and sellers. */
export type BackOfficeKind = 'admin' | 'vendor'

export interface BackOfficePage {
  /** Under /admin, as the spec spells it. */
  path: string
  /** Other paths that open the same page (not in the navigation). */
  aliases?: readonly string[]
  /** Its name in the navigation. */
  label: string
  /**
   * Whose navigation lists it, in this list's order. A seller may open only the pages listed
   * for sellers (the guard reads this); an admin may open every back-office page.
   */
  nav: readonly BackOfficeKind[]
  /** The page's code, loaded on first visit (its own chunk). */
  load: () => Promise<{ default: React.ComponentType }>
  /**
   * The page of one of its rows (a payout run, a seller) at `<path>/<detail.path>`, never in the
   * navigation. The guard keeps sellers to their navigation's own paths, so only admins open it.
   */
  detail?: {
    path: string
    load: () => Promise<{ default: React.ComponentType }>
  }
  /**
   * Pages of its own under it at `<path>/<subpage.path>` (a seller's statements under Earnings),
   * never in the navigation (its link stays lit on them). Whoever may open the page may open
   * these: the guard lets a seller into them as into the page.
   */
  subpages?: readonly {
    path: string
    load: () => Promise<{ default: React.ComponentType }>
  }[]
}

/**
 * Every back-office page, once: the routes (router.tsx), the guard (resolve-redirect.ts) and
 * the navigation (admin-layout.tsx) all read this list, so a page added here is routed, guarded
 * and linked alike. It holds no icons: the router is in the entry chunk every shopper loads,
 * and the admin layout keeps the icons, one per path, which the compiler makes it complete.
 */
export const BACK_OFFICE_PAGES = [
  {
    path: 'dashboard',
    label: 'Dashboard',
    nav: ['admin'],
    load: () => import('@/features/dashboard/pages/dashboard-page'),
  },
  {
    path: 'products',
    label: 'Products',
    nav: ['admin', 'vendor'],
    load: () => import('@/features/admin-products/pages/admin-products-page'),
  },
  {
    path: 'orders',
    label: 'Orders',
    nav: ['admin', 'vendor'],
    load: () => import('@/features/admin-orders/pages/admin-orders-page'),
  },
  // Sellers and admins (the server scopes the list); refunds are the admin's alone.
  {
    path: 'returns',
    label: 'Returns',
    nav: ['admin', 'vendor'],
    load: () => import('@/features/returns/pages/returns-page'),
  },
  // Complaints (issue 30.7): sellers work their orders' tickets, admins all of them.
  {
    path: 'grievances',
    label: 'Complaints',
    nav: ['admin', 'vendor'],
    load: () => import('@/features/grievances/pages/grievances-page'),
  },
  {
    path: 'refunds',
    label: 'Refunds',
    nav: ['admin'],
    load: () => import('@/features/returns/pages/refunds-page'),
  },
  // Paying sellers (decision 60): the runs, and each seller's balances, account and hold.
  {
    path: 'payouts',
    label: 'Payouts',
    nav: ['admin'],
    load: () => import('@/features/payouts/pages/payout-runs-page'),
    detail: { path: ':runId', load: () => import('@/features/payouts/pages/payout-run-page') },
  },
  {
    path: 'settlements',
    label: 'Seller settlements',
    nav: ['admin'],
    load: () => import('@/features/earnings/pages/seller-settlements-page'),
    detail: {
      path: ':sellerId',
      load: () => import('@/features/earnings/pages/seller-settlement-page'),
    },
  },
  // What sellers are charged (decision 62): the rules in force and changes from a date.
  {
    path: 'commission',
    label: 'Commission schedule',
    nav: ['admin'],
    load: () => import('@/features/commission/pages/commission-page'),
  },
  // The marketplace's returns from the ledger (decision 61): GSTR-8 and Form 26Q.
  {
    path: 'tax-reports',
    label: 'Tax reports',
    nav: ['admin'],
    load: () => import('@/features/tax-reports/pages/tax-reports-page'),
  },
  // The seller's own ledger (decision 59), payout details and payouts, and its statements and
  // tax documents (decision 61); admins read a seller's under Seller settlements.
  {
    path: 'earnings',
    label: 'Earnings',
    nav: ['vendor'],
    load: () => import('@/features/earnings/pages/earnings-page'),
    subpages: [
      { path: 'statements', load: () => import('@/features/earnings/pages/statements-page') },
      {
        path: 'late-credits',
        load: () => import('@/features/late-credits/pages/late-credits-page'),
      },
    ],
  },
  // Credits past the CGST s.34(2) time limit, with no credit note (decision 070): the server
  // lists all for admins; a seller reads its own under Earnings (its navigation has no room).
  {
    path: 'late-credits',
    label: 'Late credits',
    nav: ['admin'],
    load: () => import('@/features/late-credits/pages/late-credits-page'),
  },
  {
    path: 'shipments',
    label: 'Shipments',
    nav: ['admin'],
    load: () => import('@/features/shipments/pages/shipments-page'),
  },
  // decisions.md fixes the spec's "Singup vendor" label; the path keeps its spelling.
  {
    path: 'signup-vendor',
    label: 'Sign up vendor',
    nav: ['admin'],
    load: () => import('@/features/vendors/pages/signup-vendor-page'),
  },
  // The spec spells the path so; the correct spelling is an alias.
  {
    path: 'vendor-verificaton',
    aliases: ['vendor-verification'],
    label: 'Verification',
    nav: ['admin'],
    load: () => import('@/features/vendors/pages/vendor-verification-page'),
  },
  // Not in the spec's list, but the banner screen needs a way in other than typing its address.
  {
    path: 'features',
    label: 'Feature Images',
    nav: ['admin'],
    load: () => import('@/features/banners/pages/admin-features-page'),
  },
  // Decision 092: an admin's every coupon, a seller's own (for its products, paid by it).
  {
    path: 'coupons',
    label: 'Coupons',
    nav: ['admin', 'vendor'],
    load: () => import('@/features/coupons/pages/coupons-page'),
  },
  // Decision 092: sale prices a product takes between two dates (a seller's own products').
  {
    path: 'scheduled-sales',
    label: 'Sales',
    nav: ['admin', 'vendor'],
    load: () => import('@/features/scheduled-sales/pages/scheduled-sales-page'),
  },
  // The supplier address on the seller's GST invoices.
  {
    path: 'business-address',
    label: 'Business',
    nav: ['vendor'],
    load: () => import('@/features/business-address/pages/business-address-page'),
  },
] as const satisfies readonly BackOfficePage[]

export type BackOfficePath = (typeof BACK_OFFICE_PAGES)[number]['path']

export interface BackOfficeLink {
  path: BackOfficePath
  to: string
  label: string
}

const hrefOf = (path: string) => `/admin/${path}`

/** The paths a page is routed at: its own, then its aliases. */
export function pathsOf(page: BackOfficePage): string[] {
  return [page.path, ...(page.aliases ?? [])]
}

/** Every route of a page: its paths, its subpages, then its row's page under its own path. */
export function routesOf(page: BackOfficePage): Pick<BackOfficePage, 'path' | 'load'>[] {
  return [
    ...pathsOf(page).map((path) => ({ path, load: page.load })),
    ...(page.subpages ?? []).map((sub) => ({ path: `${page.path}/${sub.path}`, load: sub.load })),
    ...(page.detail ? [{ path: `${page.path}/${page.detail.path}`, load: page.detail.load }] : []),
  ]
}

/** The navigation of one kind of account, in the list's order. */
export function backOfficeNav(kind: BackOfficeKind): BackOfficeLink[] {
  return BACK_OFFICE_PAGES.filter((page) =>
    (page.nav as readonly BackOfficeKind[]).includes(kind),
  ).map((page) => ({ path: page.path, to: hrefOf(page.path), label: page.label }))
}

/** Where each kind of account lands (after sign-in, on /admin, on a page not theirs): the first page of its navigation. */
export const BACK_OFFICE_LANDING: Record<BackOfficeKind, string> = {
  admin: backOfficeNav('admin')[0]?.to ?? '/admin',
  vendor: backOfficeNav('vendor')[0]?.to ?? '/admin',
}

/** The pages a seller may open: those in the seller's navigation, and their subpages. */
export const SELLER_PATHS: ReadonlySet<string> = new Set(
  (BACK_OFFICE_PAGES as readonly BackOfficePage[])
    .filter((page) => page.nav.includes('vendor'))
    .flatMap((page) => [
      page.path,
      ...(page.subpages ?? []).map((sub) => `${page.path}/${sub.path}`),
    ])
    .map(hrefOf),
)
