import { describe, expect, it } from 'vitest'
import { BUYER_GSTIN_MESSAGE, createOrderBody, orderBuyerInput } from './orders'

const body = {
  userId: '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3c',
  addressInfo: { addressId: '0b8f3f3e-4c1e-4a53-9d7c-2f8f7e1a2b3d' },
  paymentMethod: 'COD',
}
const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])

const billingAddress = {
  addressLine: '21 Residency Road',
  city: 'Bengaluru',
  stateCode: '29',
  pincode: '560025',
}

describe('createOrderBody buyer', () => {
  it('is optional: a personal purchase sends none', () => {
    expect(createOrderBody.parse(body).buyer).toBeUndefined()
  })

  it('trims and uppercases the GSTIN and trims the legal name', () => {
    const parsed = createOrderBody.parse({
      ...body,
      buyer: {
        gstin: ' 29aagcb7383j1z4 ',
        legalName: '  Bharat Traders Pvt Ltd ',
        billingAddress: { ...billingAddress, city: ' Bengaluru ' },
      },
    })
    expect(parsed.buyer).toEqual({
      gstin: '29AAGCB7383J1Z4',
      legalName: 'Bharat Traders Pvt Ltd',
      billingAddress,
    })
  })

  it('refuses a GSTIN whose check character does not match, with the example', () => {
    const result = createOrderBody.safeParse({
      ...body,
      buyer: { gstin: '29AAGCB7383J1Z5', legalName: 'Bharat Traders', billingAddress },
    })
    expect(messages(result)).toEqual([['buyer.gstin', BUYER_GSTIN_MESSAGE]])
  })

  it('asks for both fields when the buyer is present', () => {
    expect(messages(orderBuyerInput.safeParse({ gstin: '', legalName: ' ' }))?.[0]).toEqual([
      'gstin',
      'GSTIN is required',
    ])
    expect(
      messages(orderBuyerInput.safeParse({ gstin: '29AAGCB7383J1Z4', billingAddress })),
    ).toEqual([['legalName', 'Legal name is required']])
    expect(
      messages(
        orderBuyerInput.safeParse({ gstin: '29AAGCB7383J1Z4', legalName: 'B', billingAddress }),
      ),
    ).toEqual([['legalName', 'Legal name must be at least 2 characters']])
    expect(
      messages(
        orderBuyerInput.safeParse({
          gstin: '29AAGCB7383J1Z4',
          legalName: 'B'.repeat(101),
          billingAddress,
        }),
      ),
    ).toEqual([['legalName', 'Legal name must be at most 100 characters']])
  })

  it('asks for a billing address in the GSTIN’s state, with a PIN code there (issue 30.1)', () => {
    const buyer = { gstin: '29AAGCB7383J1Z4', legalName: 'Bharat Traders' }
    expect(messages(orderBuyerInput.safeParse(buyer))).toEqual([
      ['billingAddress', 'The billing address is required'],
    ])
    expect(
      messages(
        orderBuyerInput.safeParse({
          ...buyer,
          billingAddress: { ...billingAddress, stateCode: '27', pincode: '411005' },
        }),
      ),
    ).toEqual([
      [
        'billingAddress.stateCode',
        'A GSTIN starting 29 is registered in Karnataka: the billing address must be there',
      ],
    ])
    expect(
      messages(
        orderBuyerInput.safeParse({ ...buyer, billingAddress: { ...billingAddress, city: '' } }),
      ),
    ).toEqual([['billingAddress.city', 'City is required']])
  })
})
