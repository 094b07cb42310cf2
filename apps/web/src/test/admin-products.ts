import type { AdminProduct } from '@techbazaar/shared'
import { screen } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { createProduct, testDeclarations } from '@/test/route-helpers'

/*
 * What the back office's product tests share: a product as the admin list has it, one from
 * before the legal declarations were asked, and typing the declarations into the form.
 */

/** A listed product with complete declarations, as the back office lists it. */
export function createAdminProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  const product = createProduct()
  return {
    ...product,
    images: [overrides.image ?? product.image],
    listed: true,
    maxPerOrder: null,
    hsn: '851713',
    declarations: testDeclarations,
    warranty: { months: 12, by: 'Manufacturer' },
    declarationsComplete: true,
    suggestedSection: null,
    familyId: null,
    ...overrides,
  }
}

/** What a product saved before the declarations were asked has instead: none, so it is hidden. */
export const undeclared = {
  listed: false,
  declarations: Object.fromEntries(
    Object.keys(testDeclarations).map((k) => [k, null]),
  ) as AdminProduct['declarations'],
  warranty: { months: null, by: null },
  declarationsComplete: false,
} satisfies Partial<AdminProduct>

/**
 * Types the legal declarations a new product needs (decision 066) and its warranty; India and
 * "1 N" are preset.
 */
export async function fillDeclarations(
  user: ReturnType<typeof userEvent.setup>,
  genericName: string,
) {
  const d = testDeclarations
  await user.type(screen.getByLabelText('Generic name'), genericName)
  await user.type(screen.getByLabelText('Manufacturer name'), d.manufacturerName)
  await user.type(screen.getByLabelText('Manufacturer address'), d.manufacturerAddress)
  await user.type(screen.getByLabelText('Name or office'), d.careName)
  await user.type(screen.getByLabelText('Address'), d.careAddress)
  await user.type(screen.getByLabelText('Phone'), d.carePhone)
  await user.type(screen.getByLabelText('Email'), d.careEmail)
  await user.type(screen.getByLabelText('Months'), '12')
  await user.selectOptions(screen.getByLabelText('Given by'), 'Manufacturer')
}

/** jsdom has no object URLs; the image fields preview a chosen file with one. */
export function stubObjectUrls() {
  URL.createObjectURL = vi.fn(() => 'blob:preview')
  URL.revokeObjectURL = vi.fn()
}
