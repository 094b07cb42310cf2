import type * as React from 'react'
import { Navigate, type RouteObject } from 'react-router'
import { FullPageSpinner } from '@/components/ui/full-page-spinner'
import { BACK_OFFICE_LANDING, BACK_OFFICE_PAGES, routesOf } from '@/app/back-office-pages'
import { RouteErrorBoundary } from '@/app/route-error-boundary'

type PageModule = { default: React.ComponentType }

/** A route whose page code loads on first visit (its own chunk). */
function page(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) }
}

/**
 * The root and the layouts load like pages, next to the first page's code: the entry chunk holds
 * only the framework, the route table and what shows before any other code (page budget, issue 7).
 */
function component<K extends string>(
  load: () => Promise<Record<K, React.ComponentType>>,
  name: K,
): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load())[name] }) }
}

/**
 * A layout's pages sit under one pathless route with its own error boundary, so a page that
 * fails shows the message inside the layout and the header still works.
 */
function pagesOf(children: RouteObject[]): RouteObject[] {
  return [{ errorElement: <RouteErrorBoundary />, children }]
}

export const SHOP_LAYOUT_ROUTE_ID = 'shop'

export const routes: RouteObject[] = [
  {
    ...component(() => import('@/app/root'), 'Root'),
    errorElement: <RouteErrorBoundary />,
    HydrateFallback: FullPageSpinner,
    children: [
      {
        // The server renders this layout's pages (entry-server.tsx) and nothing else.
        id: SHOP_LAYOUT_ROUTE_ID,
        ...component(() => import('@/app/layouts/shop/shop-layout'), 'ShopLayout'),
        children: pagesOf([
          { index: true, ...page(() => import('@/features/catalog/pages/home-page')) },
          { path: 'shop/listing', ...page(() => import('@/features/catalog/pages/listing-page')) },
          { path: 'shop/search', ...page(() => import('@/features/catalog/pages/search-page')) },
          // A product's own page, and a category's and a brand's landing page (issue 29).
          { path: 'p/:segment', ...page(() => import('@/features/catalog/pages/product-page')) },
          { path: 'c/:segment', ...page(() => import('@/features/catalog/pages/listing-page')) },
          { path: 'b/:segment', ...page(() => import('@/features/catalog/pages/listing-page')) },
          {
            path: 'shop/checkout',
            ...page(() => import('@/app/routes/checkout-page')),
          },
          { path: 'wishlist', ...page(() => import('@/features/wishlist/pages/wishlist-page')) },
          {
            path: 'shop/account',
            ...page(() => import('@/features/account/pages/account-page')),
          },
          {
            path: 'shop/paypal-return',
            ...page(() => import('@/features/payments/pages/payment-return-page')),
          },
          {
            path: 'shop/payment-success',
            ...page(() => import('@/features/payments/pages/payment-success-page')),
          },
          { path: 'shop', element: <Navigate to="/" replace /> },
          { path: 'aboutUs', ...page(() => import('@/features/static-pages/pages/about-page')) },
          {
            path: 'shipping-policy',
            ...page(() => import('@/features/static-pages/pages/shipping-policy-page')),
          },
          { path: 'return', ...page(() => import('@/features/static-pages/pages/return-page')) },
          {
            path: 'returnAndRefunds',
            ...page(() => import('@/features/static-pages/pages/refund-page')),
          },
          {
            path: 'privacy-policy',
            ...page(() => import('@/features/static-pages/pages/privacy-policy-page')),
          },
          {
            path: 'term-conditions',
            ...page(() => import('@/features/static-pages/pages/terms-page')),
          },
          {
            path: 'ranking-parameters',
            ...page(() => import('@/features/static-pages/pages/ranking-parameters-page')),
          },
          {
            path: 'track-ticket',
            ...page(() => import('@/features/grievances/pages/track-ticket-page')),
          },
          {
            path: 'contact-us',
            ...page(() => import('@/features/static-pages/pages/contact-page')),
          },
        ]),
      },
      {
        ...component(() => import('@/app/layouts/auth-layout'), 'AuthLayout'),
        children: pagesOf([
          { path: 'login', ...page(() => import('@/features/auth/pages/login-page')) },
          {
            id: 'forgot-password',
            path: 'forgot-password',
            ...page(() => import('@/features/auth/pages/forgot-password-page')),
          },
          {
            id: 'reset-password',
            path: 'reset-password',
            ...page(() => import('@/features/auth/pages/reset-password-page')),
          },
          { path: 'register', element: <Navigate to="/register/user" replace /> },
          { path: 'register/user', ...page(() => import('@/features/auth/pages/register-page')) },
          { path: 'register/seller', ...page(() => import('@/features/auth/pages/register-page')) },
        ]),
      },
      {
        path: 'admin',
        ...component(() => import('@/app/layouts/admin-layout'), 'AdminLayout'),
        children: pagesOf([
          { index: true, element: <Navigate to={BACK_OFFICE_LANDING.admin} replace /> },
          // Each page at its path, its aliases and its rows' page; the guard and the navigation
          // read the same list.
          ...BACK_OFFICE_PAGES.flatMap((backOffice) =>
            routesOf(backOffice).map(({ path, load }) => ({ path, ...page(load) })),
          ),
        ]),
      },
      {
        ...component(() => import('@/app/layouts/bare-layout'), 'BareLayout'),
        children: pagesOf([
          { path: 'deposit', ...page(() => import('@/features/payments/pages/deposit-page')) },
          {
            path: 'payment-status',
            ...page(() => import('@/features/payments/pages/payment-status-page')),
          },
          { path: 'unauth-page', ...page(() => import('@/features/misc/pages/unauth-page')) },
          { path: '*', ...page(() => import('@/features/misc/pages/not-found-page')) },
        ]),
      },
    ],
  },
]
