// An SMS gateway for the end-to-end tests, speaking Gupshup Enterprise SMS's contract (a form
// POST to /GatewayAPI/rest answered in its JSON format), so the shop sends its SMS through its
// real adapter: GET http://127.0.0.1:3197/sms?to=<10-digit mobile> → [{ to, text, fields }]
// (newest last). A message without the DLT fields is refused as Gupshup would.
import { once } from 'node:events'
import http from 'node:http'

const HOST = '127.0.0.1'
export const SMS_HTTP_PORT = Number(process.env.SMS_CATCHER_PORT ?? 3197)
const MAX_SMS = 1000

/** The settings that point the shop at this gateway (made-up DLT ids, as in a sandbox). */
export function smsCatcherEnv(port = SMS_HTTP_PORT) {
  const template = '1107170000000000001'
  return {
    SMS_PROVIDER: 'gupshup',
    GUPSHUP_URL: `http://${HOST}:${port}/GatewayAPI/rest`,
    GUPSHUP_USERID: '2000000001',
    GUPSHUP_PASSWORD: 'e2e',
    SMS_DLT_ENTITY_ID: '1101600000000000001',
    SMS_SENDER_HEADER: 'TCHBZR',
    SMS_TEMPLATE_SIGNUP_OTP: template,
    SMS_TEMPLATE_SIGN_IN_OTP: template,
    SMS_TEMPLATE_MOBILE_VERIFY_OTP: template,
    SMS_TEMPLATE_ORDER_PLACED: template,
    SMS_TEMPLATE_SHIPPED: template,
    SMS_TEMPLATE_OUT_FOR_DELIVERY: template,
    SMS_TEMPLATE_DELIVERED: template,
    SMS_TEMPLATE_REFUND_COMPLETED: template,
  }
}

export async function startSmsCatcher({ port = SMS_HTTP_PORT } = {}) {
  const sent = []
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${HOST}`)
    const answer = (status, body) => {
      response.writeHead(status, {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
      })
      response.end(JSON.stringify(body))
    }
    if (request.method === 'GET' && url.pathname === '/sms') {
      const to = url.searchParams.get('to')
      return answer(200, to ? sent.filter((sms) => sms.to === to) : sent)
    }
    if (request.method !== 'POST' || url.pathname !== '/GatewayAPI/rest') {
      return answer(404, { message: 'Not found' })
    }
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(body))
      const missing = ['send_to', 'msg', 'principalEntityId', 'dltTemplateId', 'mask'].filter(
        (field) => !fields[field],
      )
      if (missing.length > 0) {
        return answer(200, {
          response: {
            id: '175',
            phone: fields.send_to ?? '',
            details: `Missing ${missing.join(', ')}`,
            status: 'error',
          },
        })
      }
      sent.push({ to: fields.send_to.replace(/^91/, ''), text: fields.msg, fields })
      if (sent.length > MAX_SMS) sent.shift()
      answer(200, {
        response: {
          id: String(3_000_000_000 + sent.length),
          phone: fields.send_to,
          details: '',
          status: 'success',
        },
      })
    })
  })
  server.listen(port, HOST)
  await once(server, 'listening')
  return {
    env: smsCatcherEnv(port),
    sent,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
