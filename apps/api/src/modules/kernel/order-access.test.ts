import { seesBuyers } from '@techbazaar/shared'
import type { SessionUser } from '@techbazaar/shared'
import { describe, expect, it } from 'vitest'
import { buyerAddressFor, withLabelFor } from './order-access'

const user = (over: Partial<SessionUser>) => ({ id: 'u', ...over }) as SessionUser
const approved = user({ type: 'vendor', vendorStatus: 'Approved' })
const rejected = user({ type: 'vendor', vendorStatus: 'Rejected' })
const admin = user({ type: 'admin', role: 'admin' })

describe("the rule for buyers' personal data (issue 26.6)", () => {
  const address = {
    address: '12 Beach Road',
    city: 'Pune',
    pincode: '411001',
    phone: '98',
    notes: 'Ring',
  }
  const booking = { courier: 'sandbox', awb: 'AWB1', labelUrl: 'https://courier/label.pdf' }

  it('shows buyers to admins and approved sellers', () => {
    for (const viewer of [approved, admin]) {
      expect(seesBuyers(viewer)).toBe(true)
      expect(buyerAddressFor(viewer, address)).toBe(address)
      expect(withLabelFor(viewer, booking)).toBe(booking)
    }
  })

  it("hides a rejected seller's buyers' street, phone, notes and couriers' labels", () => {
    expect(seesBuyers(rejected)).toBe(false)
    expect(buyerAddressFor(rejected, address)).toEqual({
      address: 'Hidden',
      city: 'Pune',
      pincode: '411001',
      phone: '',
      notes: '',
    })
    expect(withLabelFor(rejected, booking)).toEqual({ ...booking, labelUrl: null })
    expect(withLabelFor(rejected, null)).toBeNull()
  })

  it("hides a rejected seller's buyers' recipient and landmark too (issue 31.7)", () => {
    const named = { ...address, recipientName: 'Meera Iyer', landmark: 'Opposite the park' }
    expect(buyerAddressFor(approved, named)).toBe(named)
    expect(buyerAddressFor(rejected, named)).toMatchObject({
      recipientName: 'Hidden',
      landmark: '',
      city: 'Pune',
    })
  })
})
