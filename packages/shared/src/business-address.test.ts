import { describe, expect, it } from 'vitest'
import { businessAddressBody } from './business-address'

describe('businessAddressBody turnover', () => {
  const address = {
    businessName: 'Bengaluru Gadgets Pvt. Ltd.',
    addressLine: '12, 3rd Cross, Koramangala',
    city: 'Bengaluru',
    stateCode: '29',
    pincode: '560034',
  }

  it('takes the answer as a yes or no', () => {
    expect(businessAddressBody.parse({ ...address, turnoverAbove5Cr: true })).toMatchObject({
      turnoverAbove5Cr: true,
    })
    expect(businessAddressBody.parse({ ...address, turnoverAbove5Cr: false })).toMatchObject({
      turnoverAbove5Cr: false,
    })
    const result = businessAddressBody.safeParse({ ...address, turnoverAbove5Cr: 'yes' })
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['turnoverAbove5Cr', 'Turnover must be yes or no'],
    ])
  })

  it('leaves it out when absent, so the server keeps the saved answer', () => {
    expect(businessAddressBody.parse(address)).not.toHaveProperty('turnoverAbove5Cr')
  })
})
