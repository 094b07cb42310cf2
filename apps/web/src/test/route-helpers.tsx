import type { ListedDeclarations, Product, ProductDetail } from '@techbazaar/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type * as React from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { vi } from 'vitest'

let sequence = 0

/** A product with sensible defaults; pass only what the test is about. */
export function createProduct(overrides: Partial<Product> = {}): Product {
  sequence += 1
  return {
    _id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    shortId: `tp${String(sequence).padStart(6, '0')}`,
    image: `/uploads/seed/product-${sequence}.webp`,
    title: `Test Phone ${sequence}`,
    description: 'A phone for tests.',
    category: 'electronics',
    section: 'featured',
    brand: 'samsung',
    price: 24_999,
    salePrice: 0,
    totalStock: 50,
    orderLimit: 5,
    averageReview: 0,
    reviewCount: 0,
    username: 'Test Seller',
    ...overrides,
  }
}

/** Complete declarations as a phone's label gives them (decision 066). */
export const testDeclarations: ListedDeclarations = {
  manufacturerName: 'Samsung India Electronics Pvt. Ltd.',
  manufacturerAddress: '6th Floor, DLF Centre, Sansad Marg, New Delhi 110001',
  packerRole: 'manufacturer',
  packerName: null,
  packerAddress: null,
  countryOfOrigin: 'India',
  genericName: 'Smartphone',
  netQuantity: '1 N',
  careName: 'Samsung Customer Care',
  careAddress: '6th Floor, DLF Centre, Sansad Marg, New Delhi 110001',
  carePhone: '1800 40 7267864',
  careEmail: 'support@samsung.example',
}

/** A product as its detail payload gives it: seller, declarations and warranty. */
export function createProductDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  const product = createProduct()
  return {
    ...product,
    images: [overrides.image ?? product.image],
    username: 'Mobile Mart Retail LLP',
    seller: {
      legalName: 'Mobile Mart Retail LLP',
      address: '1 Marine Drive, Mumbai, Maharashtra 400001',
      gstin: '27AAACM1234A1Z5',
      phone: '9876543210',
      email: 'care@mobilemart.example',
      rating: 4.3,
      ratingCount: 120,
      marketplace: false,
    },
    declarations: testDeclarations,
    warranty: { months: 12, by: 'Manufacturer' },
    ...overrides,
  }
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response> | undefined

/** What the API answers a request without a session on the session check: 401, a guest. */
export function guestSessionResponse(): Response {
  return jsonResponse({ success: false, message: 'Please sign in to continue' }, 401)
}

/**
 * Replaces fetch with a router of handlers. Unhandled calls answer as the API does a visitor
 * without a session: the session check 401 (a guest), any other path 404.
 */
export function mockFetch(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost')
    return (
      handler(url, init) ??
      (url.pathname === '/api/auth/check-auth'
        ? guestSessionResponse()
        : jsonResponse({ success: false, message: `No route ${url.pathname}` }, 404))
    )
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } })
}

/** Renders `element` at `path` inside a memory router and a fresh QueryClient. */
export function renderRoute(
  element: React.ReactNode,
  options: { path?: string; initialEntry?: string } = {},
) {
  const { path = '/', initialEntry = path } = options
  const router = createMemoryRouter([{ path, element }], { initialEntries: [initialEntry] })
  const queryClient = createTestQueryClient()
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...view, router, queryClient }
}
