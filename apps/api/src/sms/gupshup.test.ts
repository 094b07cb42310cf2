import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeGupshup } from '../../test/fakes/gupshup'
import { ConfigError } from '../config/error'
import { smsConfig, type GupshupSettings } from './config'
import { createGupshupSms } from './gupshup'
import { SmsRejected } from './types'

const TEMPLATES = {
  signup_otp: '1107170000000000001',
  sign_in_otp: '1107170000000000002',
  mobile_verify_otp: '1107170000000000008',
  order_placed: '1107170000000000003',
  shipped: '1107170000000000004',
  out_for_delivery: '1107170000000000005',
  delivered: '1107170000000000006',
  refund_completed: '1107170000000000007',
}

let fake: Awaited<ReturnType<typeof startFakeGupshup>>
let settings: GupshupSettings

beforeAll(async () => {
  fake = await startFakeGupshup()
  settings = {
    userId: fake.creds.userid,
    password: fake.creds.password,
    url: fake.url,
    dlt: { entityId: '1101600000000012345', header: 'TCHBZR', templates: TEMPLATES },
  }
})
afterAll(() => fake.close())

describe('the Gupshup adapter', () => {
  it('sends every message with the DLT entity id, header and the template id of its kind', async () => {
    const sms = createGupshupSms(settings)
    await sms.send({ to: '9845012345', kind: 'shipped', text: 'TechBazaar: a parcel has shipped.' })
    await sms.send({ to: '7012345678', kind: 'sign_in_otp', text: '123456 is your code.' })
    expect(fake.received.slice(-2)).toEqual([
      expect.objectContaining({
        send_to: '919845012345',
        msg: 'TechBazaar: a parcel has shipped.',
        principalEntityId: '1101600000000012345',
        mask: 'TCHBZR',
        dltTemplateId: TEMPLATES.shipped,
        method: 'SendMessage',
        msg_type: 'TEXT',
        format: 'json',
      }),
      expect.objectContaining({
        send_to: '917012345678',
        principalEntityId: '1101600000000012345',
        mask: 'TCHBZR',
        dltTemplateId: TEMPLATES.sign_in_otp,
      }),
    ])
  })

  it('treats an outage as worth retrying and a refusal as final', async () => {
    const sms = createGupshupSms(settings)
    const message = { to: '9845012345', kind: 'delivered' as const, text: 'Delivered.' }
    fake.failNext(1)
    await expect(sms.send(message)).rejects.toThrow('HTTP 503')
    fake.refuseNext('Template mismatch')
    const refused = sms.send(message)
    await expect(refused).rejects.toBeInstanceOf(SmsRejected)
    await expect(refused).rejects.toThrow('Template mismatch')
    const wrongPassword = createGupshupSms({ ...settings, password: 'nope' })
    await expect(wrongPassword.send(message)).rejects.toThrow('Authentication failed')
  })
})

describe('the SMS settings', () => {
  const fail = (message: string) => new ConfigError(message)
  it('use the log outside production and nothing in production when no provider is set', () => {
    expect(smsConfig({ NODE_ENV: 'development' }, fail)).toEqual({ provider: 'log' })
    expect(smsConfig({ NODE_ENV: 'production' }, fail)).toEqual({ provider: 'off' })
  })

  it('refuse Gupshup without every DLT id, naming each missing variable', () => {
    expect(() =>
      smsConfig(
        {
          NODE_ENV: 'production',
          SMS_PROVIDER: 'gupshup',
          GUPSHUP_USERID: 'u',
          GUPSHUP_PASSWORD: 'p',
          SMS_SENDER_HEADER: 'TCHBZR',
          SMS_TEMPLATE_SHIPPED: '1107170000000000004',
        },
        fail,
      ),
    ).toThrow(/SMS_DLT_ENTITY_ID: is required[\s\S]*SMS_TEMPLATE_SIGNUP_OTP: is required/)
  })
})
