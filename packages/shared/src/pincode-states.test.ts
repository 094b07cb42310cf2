import { describe, expect, it } from 'vitest'
import { businessAddressBody } from './business-address'
import { GST_STATES } from './gst-states'
import {
  gstStateName,
  pincodeStateProblem,
  stateCodeForPincode,
  stateCodesForPincode,
} from './pincode-states'

describe('stateCodeForPincode', () => {
  it.each([
    ['110001', '07'],
    ['400001', '27'],
    ['444001', '27'],
    ['403001', '30'],
    ['560001', '29'],
    ['590001', '29'],
    ['600001', '33'],
    ['605001', '34'],
    ['500001', '36'],
    ['520001', '37'],
    ['682001', '32'],
    ['700001', '19'],
    ['737101', '11'],
    ['781001', '18'],
    ['793001', '17'],
    ['800001', '10'],
    ['834001', '20'],
    ['160017', '04'],
    ['248001', '05'],
    ['226001', '09'],
    ['302001', '08'],
    ['380001', '24'],
    ['462001', '23'],
    ['492001', '22'],
    ['751001', '21'],
    ['122001', '06'],
    ['141001', '03'],
  ])('%s → %s', (pin, code) => {
    expect(stateCodeForPincode(pin)).toBe(code)
  })

  it('answers undefined for unmapped or malformed PIN codes', () => {
    expect(stateCodeForPincode('999001')).toBeUndefined()
    expect(stateCodeForPincode('012345')).toBeUndefined()
    expect(stateCodeForPincode('56001')).toBeUndefined()
  })

  it('always picks one of the states the PIN’s circle serves (one table for both)', () => {
    for (let prefix = 100; prefix <= 999; prefix++) {
      const pin = `${prefix}001`
      const code = stateCodeForPincode(pin)
      if (code === undefined) expect(stateCodesForPincode(pin)).toEqual([])
      else expect(stateCodesForPincode(pin), pin).toContain(code)
    }
  })

  it('names states', () => {
    expect(gstStateName('29')).toBe('Karnataka')
    expect(gstStateName('07')).toBe('Delhi')
    expect(gstStateName('98')).toBe('State 98')
  })
})

describe('stateCodesForPincode', () => {
  it('lists every state of a circle that serves several', () => {
    expect(stateCodesForPincode('400001')).toEqual(['27', '30'])
    expect(stateCodesForPincode('737101')).toEqual(['19', '11', '35'])
    expect(stateCodesForPincode('560001')).toEqual(['29'])
    expect(stateCodesForPincode('999001')).toEqual([])
  })

  it('only names real GST states', () => {
    for (let prefix = 10; prefix <= 99; prefix++) {
      for (const code of stateCodesForPincode(`${prefix}0001`)) {
        expect(Object.hasOwn(GST_STATES, code), code).toBe(true)
      }
    }
  })
})

describe('pincodeStateProblem', () => {
  it.each([
    ['560034', '29'], // Bengaluru, Karnataka
    ['110001', '07'], // New Delhi
    ['403001', '30'], // Panaji, Goa (Maharashtra's circle)
    ['400001', '27'], // Mumbai
    ['605001', '34'], // Puducherry (Tamil Nadu's circle)
    ['609602', '34'], // Karaikal, Puducherry, outside 605
    ['673310', '34'], // Mahe, Puducherry, in Kerala's circle
    ['533464', '34'], // Yanam, Puducherry, in Andhra Pradesh's circle
    ['682555', '31'], // Lakshadweep (Kerala's circle)
    ['737101', '11'], // Gangtok, Sikkim (West Bengal's circle)
    ['744101', '35'], // Port Blair, Andaman and Nicobar Islands
    ['793001', '17'], // Shillong, Meghalaya
    ['799001', '16'], // Agartala, Tripura
    ['781001', '18'], // Guwahati, Assam
    ['160017', '04'], // Chandigarh (Punjab's circle)
    ['160055', '03'], // Mohali, Punjab, inside 160
    ['194101', '38'], // Leh, Ladakh
    ['244713', '05'], // Kashipur, Uttarakhand, outside the 24x overrides
    ['247001', '09'], // Saharanpur, Uttar Pradesh, inside an Uttarakhand override
    ['822101', '20'], // Daltonganj, Jharkhand, outside the 8xx overrides
    ['396230', '26'], // Silvassa, Dadra and Nagar Haveli (Gujarat's circle)
    ['507001', '37'], // Telangana's 50x also takes Andhra Pradesh (mandals moved in 2014)
    ['500001', '36'], // Hyderabad, Telangana
  ])('accepts %s in state %s', (pincode, state) => {
    expect(pincodeStateProblem(pincode, state)).toBeNull()
  })

  it('names the PIN’s state(s) when the address is in another', () => {
    expect(pincodeStateProblem('560001', '27')).toBe(
      'PIN code 560001 is in Karnataka, not Maharashtra',
    )
    expect(pincodeStateProblem('400001', '29')).toBe(
      'PIN code 400001 is in Maharashtra or Goa, not Karnataka',
    )
    expect(pincodeStateProblem('700001', '07')).toBe(
      'PIN code 700001 is in West Bengal, Sikkim or Andaman and Nicobar Islands, not Delhi',
    )
    expect(pincodeStateProblem('110001', '06')).toBe('PIN code 110001 is in Delhi, not Haryana')
    expect(pincodeStateProblem('600001', '32')).toMatch(
      /is in Tamil Nadu or Puducherry, not Kerala/,
    )
  })

  it('has nothing to check for unmapped PINs or a state without PIN codes', () => {
    expect(pincodeStateProblem('999001', '29')).toBeNull() // army post office
    expect(pincodeStateProblem('560001', '97')).toBeNull() // Other Territory
  })
})

describe('businessAddressBody', () => {
  const address = {
    businessName: 'Bengaluru Gadgets Pvt. Ltd.',
    addressLine: '12, 3rd Cross, Koramangala',
    city: 'Bengaluru',
    stateCode: '29',
    pincode: '560034',
  }
  const pincodeErrors = (input: object) => {
    const result = businessAddressBody.safeParse(input)
    return (result.error?.issues ?? [])
      .filter((issue) => issue.path[0] === 'pincode')
      .map((issue) => issue.message)
  }

  it('accepts a PIN code in the chosen state, including shared circles', () => {
    expect(businessAddressBody.safeParse(address).success).toBe(true)
    expect(
      businessAddressBody.safeParse({ ...address, stateCode: '30', pincode: '403001' }).success,
    ).toBe(true)
  })

  it('refuses a PIN code from another state with a message on the PIN code', () => {
    expect(pincodeErrors({ ...address, stateCode: '27', pincode: '560001' })).toEqual([
      'PIN code 560001 is in Karnataka, not Maharashtra',
    ])
  })

  it('says so even while other fields are still missing', () => {
    expect(pincodeErrors({ stateCode: '27', pincode: '560001' })).toEqual([
      'PIN code 560001 is in Karnataka, not Maharashtra',
    ])
  })

  it('reports only the field’s own problem when the PIN code or the state is invalid', () => {
    expect(pincodeErrors({ ...address, pincode: '56003' })).toEqual(['Pincode must be 6 digits'])
    const result = businessAddressBody.safeParse({ ...address, stateCode: '99' })
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['stateCode', 'State is required'],
    ])
    expect(businessAddressBody.safeParse(null).success).toBe(false)
  })
})
