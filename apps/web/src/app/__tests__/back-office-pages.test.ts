import { describe, expect, it } from 'vitest'
import { BACK_OFFICE_PAGES, backOfficeNav, routesOf } from '@/app/back-office-pages'

describe('back-office pages', () => {
  it("routes a page's rows under its own path, and keeps them out of the navigation", () => {
    const paths = BACK_OFFICE_PAGES.flatMap((page) => routesOf(page).map((route) => route.path))
    expect(paths).toEqual(
      expect.arrayContaining([
        'payouts',
        'payouts/:runId',
        'settlements',
        'settlements/:sellerId',
        'tax-reports',
        'earnings/statements',
        'vendor-verificaton',
        'vendor-verification',
      ]),
    )
    expect(backOfficeNav('admin').map((link) => link.to)).not.toContain('/admin/payouts/:runId')
    expect(backOfficeNav('vendor').map((link) => link.to)).not.toContain(
      '/admin/earnings/statements',
    )
  })

  it("puts the sellers' money pages after Refunds in the admins' navigation only", () => {
    const labels = backOfficeNav('admin').map((link) => link.label)
    const refunds = labels.indexOf('Refunds')
    expect(labels.slice(refunds, refunds + 5)).toEqual([
      'Refunds',
      'Payouts',
      'Seller settlements',
      'Commission schedule',
      'Tax reports',
    ])
    const seller = backOfficeNav('vendor').map((link) => link.label)
    expect(seller).not.toContain('Payouts')
    expect(seller).not.toContain('Tax reports')
    expect(seller).not.toContain('Commission schedule')
  })
})
