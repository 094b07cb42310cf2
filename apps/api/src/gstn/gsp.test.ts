import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeGsp } from '../../test/fakes/gsp'
import { createGspGstn } from './gsp'
import { GstnUnavailable } from './types'

let fake: Awaited<ReturnType<typeof startFakeGsp>>
beforeAll(async () => {
  fake = await startFakeGsp([
    { gstin: '27AAPFU0939F1ZV', lgnm: 'Rohan Electronics Pvt Ltd', sts: 'Active', dty: 'Regular' },
    { gstin: '29AABCT1332L1ZU', lgnm: 'Old Shop', sts: 'Cancelled', dty: 'Regular' },
    { gstin: '27AAFCC2222M1Z5', lgnm: 'Corner Cell Store', sts: 'Active', dty: 'Composition' },
  ])
})
afterAll(() => fake.close())

const gsp = () => createGspGstn({ baseUrl: fake.baseUrl, ...fake.creds })

describe("a GSP's search taxpayer (issue 30.10)", () => {
  it('reads the legal name, the status and the registration type', async () => {
    expect(await gsp().search('27AAPFU0939F1ZV')).toEqual({
      gstin: '27AAPFU0939F1ZV',
      legalName: 'Rohan Electronics Pvt Ltd',
      tradeName: null,
      status: 'active',
      registrationType: 'regular',
      statusText: 'Active',
      registrationTypeText: 'Regular',
    })
    expect(await gsp().search('29AABCT1332L1ZU')).toMatchObject({ status: 'cancelled' })
    expect(await gsp().search('27AAFCC2222M1Z5')).toMatchObject({
      status: 'active',
      registrationType: 'composition',
    })
  })

  it('answers null for a GSTIN the network does not know', async () => {
    expect(await gsp().search('07AAACN5555N1Z1')).toBeNull()
  })

  it('is unavailable, never a guess, on wrong credentials or an outage', async () => {
    const wrong = createGspGstn({ baseUrl: fake.baseUrl, clientId: 'x', clientSecret: 'y' })
    await expect(wrong.search('27AAPFU0939F1ZV')).rejects.toBeInstanceOf(GstnUnavailable)
    fake.state.down = true
    try {
      await expect(gsp().search('27AAPFU0939F1ZV')).rejects.toBeInstanceOf(GstnUnavailable)
    } finally {
      fake.state.down = false
    }
    const nowhere = createGspGstn({ baseUrl: 'http://127.0.0.1:9', ...fake.creds })
    await expect(nowhere.search('27AAPFU0939F1ZV')).rejects.toBeInstanceOf(GstnUnavailable)
  })
})
