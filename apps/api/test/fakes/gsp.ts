import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A taxpayer as the GST network's search returns it. */
export interface FakeTaxpayer {
  gstin: string
  lgnm: string
  tradeNam?: string
  sts: string
  dty: string
}

/**
 * A GSP on this machine playing the GST network's "search taxpayer" relay:
 * GET /commonapi/v1.1/search?action=TP&gstin=… with client_id / client_secret headers;
 * answers {status_cd:"1", data} for a known GSTIN, {status_cd:"0", error:{error_cd:"SWEB_9035"}}
 * for an unknown one, 401 for wrong credentials, and 503 while `down` is set.
 */
export async function startFakeGsp(taxpayers: FakeTaxpayer[]) {
  const creds = { clientId: 'gsp-client', clientSecret: 'gsp-secret' }
  const state = { down: false, requests: 0 }
  const known = new Map(taxpayers.map((t) => [t.gstin, t]))
  const server = createServer((req, res) => {
    state.requests += 1
    const url = new URL(req.url ?? '/', 'http://localhost')
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (state.down) return send(503, { status_cd: '0', error: { message: 'Service unavailable' } })
    if (
      req.headers.client_id !== creds.clientId ||
      req.headers.client_secret !== creds.clientSecret
    ) {
      return send(401, {
        status_cd: '0',
        error: { error_cd: 'AUTH4033', message: 'Invalid client' },
      })
    }
    if (url.pathname !== '/commonapi/v1.1/search' || url.searchParams.get('action') !== 'TP') {
      return send(404, { status_cd: '0', error: { message: 'No such API' } })
    }
    const taxpayer = known.get(url.searchParams.get('gstin') ?? '')
    if (!taxpayer) {
      return send(200, {
        status_cd: '0',
        error: { error_cd: 'SWEB_9035', message: 'Invalid GSTIN / UID' },
      })
    }
    return send(200, { status_cd: '1', data: taxpayer })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    creds,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
