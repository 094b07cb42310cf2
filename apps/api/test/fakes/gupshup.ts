import Fastify from 'fastify'

/** One message as the fake gateway received it (every form field, as sent). */
export type GupshupRequest = Record<string, string>

/**
 * A local stand-in for Gupshup Enterprise SMS's GatewayAPI (`POST /GatewayAPI/rest`, form
 * fields): it checks the account, the fields its documentation requires and the DLT fields
 * TRAI requires on every message, and answers in its JSON format. `failNext(n)` makes the next
 * n requests answer HTTP 503 (an outage); `refuseNext` answers the next one with an error.
 */
export async function startFakeGupshup(creds = { userid: '2000123456', password: 'gs-pass' }) {
  const received: GupshupRequest[] = []
  let outages = 0
  let refusal: string | null = null
  const app = Fastify()
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )
  app.post('/GatewayAPI/rest', async (request, reply) => {
    const form = request.body as GupshupRequest
    if (outages > 0) {
      outages -= 1
      return reply.status(503).send('Service Unavailable')
    }
    const error = (code: string, details: string) => ({
      response: { id: code, phone: form.send_to ?? '', details, status: 'error' },
    })
    if (form.userid !== creds.userid || form.password !== creds.password) {
      return error('105', 'Authentication failed')
    }
    for (const field of ['method', 'v', 'auth_scheme', 'send_to', 'msg', 'msg_type', 'format']) {
      if (!form[field]) return error('101', `Missing mandatory parameter: ${field}`)
    }
    for (const field of ['principalEntityId', 'dltTemplateId', 'mask']) {
      if (!form[field]) return error('175', `DLT: ${field} is missing`)
    }
    if (!/^91[6-9][0-9]{9}$/.test(form.send_to ?? '')) return error('102', 'Invalid phone number')
    if (refusal) {
      const details = refusal
      refusal = null
      return error('176', details)
    }
    received.push(form)
    return {
      response: {
        id: `${3000000000 + received.length}`,
        phone: form.send_to,
        details: '',
        status: 'success',
      },
    }
  })
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  return {
    url: `${url}/GatewayAPI/rest`,
    creds,
    received,
    failNext(n: number) {
      outages = n
    },
    refuseNext(details: string) {
      refusal = details
    },
    close: () => app.close(),
  }
}
