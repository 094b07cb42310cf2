import { describe, expect, it } from 'vitest'
import { addAddressBody, addressFields, DELIVERY_STATES } from './address'
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
  it('lists only the states a PIN’s own digits allow, not its whole circle’s', () => {
    // Goa is 403 only, Sikkim 737 only: Mumbai and Gangtok were wrongly open to either.
    expect(stateCodesForPincode('400001')).toEqual(['27'])
    expect(stateCodesForPincode('403001')).toEqual(['30'])
    expect(stateCodesForPincode('737101')).toEqual(['11'])
    expect(stateCodesForPincode('700001')).toEqual(['19'])
    expect(stateCodesForPincode('600001')).toEqual(['33'])
  })

  it('lists every state of a circle that serves several', () => {
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

describe('prefixes longer than three digits (issue 17)', () => {
  type Expected = { likely: string; possible: string[] }
  const only = (state: string): Expected => ({ likely: state, possible: [state] })
  const onlyAt = (state: string, pins: string[]) =>
    pins.map((pin): [string, Expected] => [pin, only(state)])
  it.each<[string, Expected]>([
    // Mohali (SAS Nagar), Punjab, inside Chandigarh's 160
    ...onlyAt('03', ['160055', '160059', '160062', '160071']),
    ['160017', only('04')], // Chandigarh (issue 30.3: not Punjab)
    ['160036', only('04')],
    ['160014', only('04')], // Chandigarh's, though near Mohali (India Post's directory)
    ['160003', only('04')],
    // Karaikal, Puducherry, inside Tamil Nadu's 609
    ...onlyAt('34', ['609602', '609605', '609606', '609607', '609609']),
    ['609001', only('33')], // Mayiladuthurai, Tamil Nadu
    ['673310', only('34')], // Mahe
    ['673001', only('32')], // Kozhikode
    ['605001', only('34')], // Puducherry
    ['605106', { likely: '34', possible: ['34', '33'] }], // Nettapakkam, with Tamil Nadu's villages
    ['605101', only('33')], // Auroville, Tamil Nadu
    ['605104', only('33')], // Kottakuppam, Tamil Nadu
    ['607403', { likely: '33', possible: ['33', '34'] }], // Reddichavadi, with Puducherry's villages
    ['605602', only('33')], // Villupuram, Tamil Nadu
    // Daman, Diu
    ...onlyAt('26', ['396210', '396220', '362520', '362540', '362570']),
    ['396215', { likely: '26', possible: ['26', '24'] }], // Daman's estate; also Kunta, Valsad
    ['396001', only('24')], // Valsad, Gujarat
    ['362001', only('24')], // Junagadh, Gujarat
    ...onlyAt('31', ['682551', '682555', '682559']), // Lakshadweep
    ['682001', only('32')], // Kochi
    ['247001', only('09')], // Saharanpur (issue 30.3: not Uttarakhand)
    ['247667', only('05')], // Roorkee
    ['249401', only('05')], // Haridwar
    ['246001', only('05')], // Pauri, Garhwal
    ['246701', only('09')], // Bijnor
    ['262001', only('09')], // Pilibhit
    ['262701', only('09')], // Lakhimpur Kheri
    // Khatima, Sitarganj, Pithoragarh, Champawat (Uttarakhand), in Pilibhit's 262
    ...onlyAt('05', ['262308', '262405', '262501', '262524', '262601']),
    ['244001', only('09')], // Moradabad
    ...onlyAt('05', ['244713', '244712', '244715']), // Kashipur, Jaspur, Ramnagar
    ['263001', only('05')], // Nainital
    ['822101', only('20')], // Daltonganj, Palamu, Jharkhand
    ['800001', { likely: '10', possible: ['10'] }], // Patna
    ['802131', { likely: '10', possible: ['10', '09'] }], // Buxar; also Sheopur Diar, Ballia (UP)
    ['813206', { likely: '10', possible: ['10', '20'] }], // Bhagalpur; also Godda's villages
    ['818142', only('20')], // Jhinaki, Dhanbad
    ['781131', { likely: '18', possible: ['18', '17'] }], // Rani, Kamrup; also Ri Bhoi's villages
    ['781001', only('18')], // Guwahati
    ['244923', { likely: '09', possible: ['09', '05'] }], // Rampur; also Udham Singh Nagar's
    ['246763', only('09')], // Najibabad
    ['247665', only('05')], // Jhabrera, Haridwar
  ])('%s', (pin, { likely, possible }) => {
    expect(stateCodeForPincode(pin)).toBe(likely)
    expect(stateCodesForPincode(pin)).toEqual(possible)
  })

  it('keeps both states where one PIN’s post offices lie in two', () => {
    expect(stateCodeForPincode('533464')).toBe('34') // Yanam, with Andhra Pradesh's villages
    expect(stateCodesForPincode('533464')).toEqual(['34', '37'])
    for (const pin of ['396193', '396230', '396235', '396240']) {
      expect(stateCodeForPincode(pin), pin).toBe('26') // Dadra, Silvassa, ... and Vapi's villages
      expect(stateCodesForPincode(pin), pin).toEqual(['26', '24'])
    }
    expect(stateCodesForPincode('609603')).toEqual(['34', '33']) // Nedungadu, Karaikal
    expect(stateCodesForPincode('607402')).toEqual(['34', '33']) // Bahour, Puducherry
    expect(stateCodesForPincode('247662')).toEqual(['09', '05']) // Chutmalpur, Saharanpur
  })

  // Issue 30 leftover: Telangana and Andhra Pradesh (one circle until 2014) and the North-East
  // circle resolve by India Post's district prefixes, not one state for the whole circle.
  it.each([
    [
      '36',
      'Telangana',
      ['500001', '501301', '502001', '503001', '504001', '505001', '506001', '508001', '509001'],
    ],
    [
      '37',
      'Andhra Pradesh',
      [
        '515001',
        '516001',
        '517501',
        '518001',
        '520001',
        '521001',
        '522001',
        '523001',
        '524001',
        '530001',
        '531001',
        '532001',
        '533001',
        '534001',
        '535001',
      ],
    ],
    [
      '18',
      'Assam',
      ['781001', '782001', '783301', '784001', '785001', '786001', '787001', '788001'],
    ],
    ['12', 'Arunachal Pradesh', ['790001', '791111', '792001']],
    ['17', 'Meghalaya', ['793001', '794001']],
    ['14', 'Manipur', ['795001']],
    ['15', 'Mizoram', ['796001']],
    ['13', 'Nagaland', ['797001', '798601']],
    ['16', 'Tripura', ['799001']],
  ] as const)('puts the PINs of %s (%s) in that state alone', (code, _name, pins) => {
    for (const pin of pins) {
      expect(stateCodeForPincode(pin), pin).toBe(code)
      expect(stateCodesForPincode(pin), pin).toEqual([code])
    }
  })

  it('puts Khammam in Telangana: the Polavaram mandals that moved to Andhra Pradesh have its PINs', () => {
    expect(stateCodesForPincode('507001')).toEqual(['36']) // Khammam
    expect(stateCodesForPincode('507111')).toEqual(['36']) // Bhadrachalam
    expect(stateCodesForPincode('533347')).toEqual(['37']) // Chinturu, since 2014 in Andhra Pradesh
  })

  it('has no state for army and field post offices', () => {
    for (const pin of ['930056', '901234', '999001', '560']) {
      expect(stateCodeForPincode(pin), pin).toBeUndefined()
      expect(stateCodesForPincode(pin), pin).toEqual([])
    }
  })

  it('checks every state in the table is a real GST state', () => {
    for (let prefix = 100000; prefix <= 899999; prefix += 37) {
      for (const code of stateCodesForPincode(String(prefix))) {
        expect(Object.hasOwn(GST_STATES, code), `${prefix} → ${code}`).toBe(true)
      }
    }
  })
})

describe('pincodeStateProblem', () => {
  it.each([
    ['520001', '36', 'PIN code 520001 is in Andhra Pradesh, not Telangana'], // Vijayawada
    ['500001', '37', 'PIN code 500001 is in Telangana, not Andhra Pradesh'], // Hyderabad
    ['793001', '18', 'PIN code 793001 is in Meghalaya, not Assam'], // Shillong
    ['781001', '17', 'PIN code 781001 is in Assam, not Meghalaya'], // Guwahati
    ['799001', '15', 'PIN code 799001 is in Tripura, not Mizoram'], // Agartala
  ])('refuses %s in state %s across the split circles', (pincode, state, message) => {
    expect(pincodeStateProblem(pincode, state)).toBe(message)
  })

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
    ['781029', '17'], // Pillangkata, Ri Bhoi (Meghalaya), under Guwahati's Basistha
    ['500001', '36'], // Hyderabad, Telangana
  ])('accepts %s in state %s', (pincode, state) => {
    expect(pincodeStateProblem(pincode, state)).toBeNull()
  })

  it('names the PIN’s state(s) when the address is in another', () => {
    expect(pincodeStateProblem('560001', '27')).toBe(
      'PIN code 560001 is in Karnataka, not Maharashtra',
    )
    expect(pincodeStateProblem('400001', '29')).toBe(
      'PIN code 400001 is in Maharashtra, not Karnataka',
    )
    expect(pincodeStateProblem('700001', '07')).toBe('PIN code 700001 is in West Bengal, not Delhi')
    expect(pincodeStateProblem('110001', '06')).toBe('PIN code 110001 is in Delhi, not Haryana')
    expect(pincodeStateProblem('605106', '32')).toBe(
      'PIN code 605106 is in Puducherry or Tamil Nadu, not Kerala',
    )
    expect(pincodeStateProblem('160055', '04')).toBe('PIN code 160055 is in Punjab, not Chandigarh')
    expect(pincodeStateProblem('400001', '30')).toBe('PIN code 400001 is in Maharashtra, not Goa')
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

describe('addressFields (a delivery address’s state)', () => {
  const address = {
    recipientName: 'Asha Rao',
    address: '12, MG Road',
    city: 'Bengaluru',
    pincode: '560025',
    phone: '9845012345',
    notes: 'Gate 2',
    stateCode: '29',
  }
  const issues = (input: object) =>
    (addressFields.safeParse(input).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ])

  it('accepts a state the PIN can be in, and keeps it', () => {
    expect(addressFields.parse(address).stateCode).toBe('29')
    expect(issues({ ...address, pincode: '160017', stateCode: '04' })).toEqual([])
    expect(issues({ ...address, pincode: '781131', stateCode: '17' })).toEqual([]) // shared PIN
  })

  it('requires a state, and never "Other Territory"', () => {
    const { stateCode: _omitted, ...withoutState } = address
    expect(issues(withoutState)).toEqual([['stateCode', 'Choose the state']])
    expect(issues({ ...address, stateCode: '' })).toEqual([['stateCode', 'Choose the state']])
    expect(issues({ ...address, stateCode: '97' })).toEqual([['stateCode', 'Choose the state']])
    expect(DELIVERY_STATES.map(([code]) => code)).not.toContain('97')
    expect(DELIVERY_STATES[0]).toEqual(['35', 'Andaman and Nicobar Islands'])
  })

  it('refuses a state the PIN cannot be in, on the state', () => {
    expect(issues({ ...address, pincode: '160055', stateCode: '04' })).toEqual([
      ['stateCode', 'PIN code 160055 is in Punjab, not Chandigarh'],
    ])
  })

  it('refuses army post offices and unknown PINs, on the PIN, even without a state', () => {
    expect(issues({ ...address, pincode: '930056' })).toEqual([
      ['pincode', 'We can’t deliver to army or field post office PIN codes'],
    ])
    expect(issues({ ...address, pincode: '550001', stateCode: '' })).toEqual([
      ['stateCode', 'Choose the state'],
      ['pincode', 'We can’t find PIN code 550001. Please check it'],
    ])
  })

  it('adds the same rules to the API’s add body', () => {
    const result = addAddressBody.safeParse({
      ...address,
      userId: '00000000-0000-4000-8000-000000000000',
      stateCode: '27',
    })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'PIN code 560025 is in Karnataka, not Maharashtra',
    ])
  })
})

describe('an enclave’s state only for its own PINs (issue 30.3)', () => {
  /*
   * Each enclave the table names: a PIN inside it takes its state, and a PIN of the prefix
   * around it that is not in it refuses that state (a short prefix used to accept every state
   * nested under it, so Chandigarh's 160017 passed as Punjab and Saharanpur's 247001 as
   * Uttarakhand: the tax type changes with the state).
   */
  it.each([
    // [enclave, a PIN inside, its state, a PIN around it outside the enclave, that PIN's state]
    ['Chandigarh in Punjab’s circle', '160017', '04', '141001', '03'],
    ['Mohali and Naya Gaon (Punjab) in Chandigarh’s 160', '160055', '03', '160017', '04'],
    ['Naya Gaon (Punjab) in Chandigarh’s 160', '160103', '03', '160036', '04'],
    ['Ladakh in Jammu and Kashmir’s circle', '194101', '38', '190001', '01'],
    ['Kashipur, Jaspur, Ramnagar (Uttarakhand) in Moradabad’s 244', '244713', '05', '244001', '09'],
    ['Milak (Uttar Pradesh) in Kashipur’s 2447', '244701', '09', '244713', '05'],
    ['Garhwal (Uttarakhand) in Uttar Pradesh’s circle', '246001', '05', '226001', '09'],
    ['Bijnor, Najibabad (Uttar Pradesh) in Garhwal’s 246', '246701', '09', '246001', '05'],
    ['Roorkee, Haridwar (Uttarakhand) in Saharanpur’s 247', '247667', '05', '247001', '09'],
    ['Gagalheri (Uttar Pradesh) in Roorkee’s 2476', '247669', '09', '247667', '05'],
    ['Dehradun (Uttarakhand) in Uttar Pradesh’s circle', '248001', '05', '250001', '09'],
    ['Rishikesh, Haridwar (Uttarakhand)', '249401', '05', '250001', '09'],
    ['Kumaon (Uttarakhand)', '263001', '05', '264001', '09'],
    [
      'Khatima, Sitarganj, Pithoragarh (Uttarakhand) in Pilibhit’s 262',
      '262308',
      '05',
      '262001',
      '09',
    ],
    ['Champawat (Uttarakhand) in 262', '262524', '05', '262701', '09'],
    [
      'Majhola, Neoria, Nawabganj (Uttar Pradesh) in Khatima’s 2623',
      '262302',
      '09',
      '262308',
      '05',
    ],
    ['Nawabganj (Uttar Pradesh) in Sitarganj’s 2624', '262406', '09', '262405', '05'],
    ['Diu in Junagadh’s 362', '362520', '26', '362001', '24'],
    ['Daman in Valsad’s 396', '396210', '26', '396001', '24'],
    ['Dadra and Silvassa in Valsad’s 396', '396230', '26', '396001', '24'],
    ['Goa in Maharashtra’s circle', '403001', '30', '400001', '27'],
    ['Yanam (Puducherry) in Andhra Pradesh’s 533', '533464', '34', '533001', '37'],
    ['Puducherry in Tamil Nadu’s circle', '605001', '34', '600001', '33'],
    ['Villupuram (Tamil Nadu) in Puducherry’s 605', '605602', '33', '605001', '34'],
    ['Bahour (Puducherry) in Cuddalore’s 607', '607402', '34', '607001', '33'],
    ['Karaikal (Puducherry) in Tamil Nadu’s 609', '609602', '34', '609001', '33'],
    ['Nedungadu (Karaikal) in Tamil Nadu’s 609', '609603', '34', '609001', '33'],
    ['Mahe (Puducherry) in Kerala’s 673', '673310', '34', '673001', '32'],
    ['Lakshadweep in Kochi’s 682', '682555', '31', '682001', '32'],
    ['Sikkim in West Bengal’s circle', '737101', '11', '734001', '19'],
    ['Andaman and Nicobar Islands in West Bengal’s circle', '744101', '35', '700001', '19'],
    ['Mirzachowki (Jharkhand) in Bihar’s 813', '813208', '20', '813210', '10'],
    ['Jharkhand in Bihar’s circle', '834001', '20', '800001', '10'],
    ['Chandan (Bihar) in Jharkhand’s 814', '814131', '10', '814112', '20'],
  ])('%s', (_enclave, inside, enclaveState, outside, outsideState) => {
    expect(pincodeStateProblem(inside, enclaveState), inside).toBeNull()
    expect(pincodeStateProblem(outside, outsideState), outside).toBeNull()
    expect(pincodeStateProblem(outside, enclaveState), outside).toMatch(/^PIN code \d{6} is in /)
    expect(stateCodesForPincode(outside), outside).not.toContain(enclaveState)
  })

  it('refuses the issue’s two cases with the state they are in', () => {
    expect(pincodeStateProblem('160017', '03')).toBe('PIN code 160017 is in Chandigarh, not Punjab')
    expect(pincodeStateProblem('247001', '05')).toBe(
      'PIN code 247001 is in Uttar Pradesh, not Uttarakhand',
    )
  })
})
