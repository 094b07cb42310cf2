import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSandboxGateway, type SandboxGateway } from '../../src/payments/sandbox'

/** One request the shop's Cashfree adapter made. */
export interface CashfreeCall {
  method: string
  /** The path under the base URL, e.g. `/pg/orders/<id>/refunds`. */
  path: string
  body: string
}

/**
 * What happens to a call: answered as the sandbox answers it; `drop`: the connection is cut
 * before the sandbox sees it (the provider unreachable); `dropAnswer`: the sandbox carries it out
 * (a refund is accepted) but the answer never reaches the shop.
 */
export type Fault = 'none' | 'drop' | 'dropAnswer'

export const isRefundCreate = (c: CashfreeCall) =>
  c.method === 'POST' && /\/orders\/[^/]+\/refunds$/.test(c.path)
export const isRefundStatus = (c: CashfreeCall) =>
  c.method === 'GET' && /\/orders\/[^/]+\/refunds\/[^/]+$/.test(c.path)

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * The built-in sandbox gateway (Cashfree's orders and refunds API, with its rules: a refund is
 * kept under the merchant's refund_id, 409 for a repeat, never more than was paid) served over
 * real HTTP from the test process. A shop configured with `env` talks to it through the real
 * Cashfree adapter and real sockets, so a test can cut the line (`fault`), and the refunds it
 * holds outlive a shop process that is SIGKILLed and started again.
 */
export async function startCashfreeOverHttp() {
  const gateway: SandboxGateway = createSandboxGateway()
  const calls: CashfreeCall[] = []
  let rule: (call: CashfreeCall) => Fault | Promise<Fault> = () => 'none'
  /** Called once the sandbox has carried out a call, before the answer is sent. */
  let afterHandled: (call: CashfreeCall, status: number) => Promise<void> | void = () => {}

  const server = createServer((request, response) => {
    void (async () => {
      const call: CashfreeCall = {
        method: request.method ?? 'GET',
        path: new URL(request.url ?? '/', 'http://fake').pathname,
        body: await bodyOf(request),
      }
      calls.push(call)
      const fault = await rule(call)
      if (fault === 'drop') {
        request.socket.destroy()
        return
      }
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers[name] = value
      }
      const answer = await gateway.cashfreeFetch(`http://sandbox.invalid${request.url ?? '/'}`, {
        method: call.method,
        headers,
        body: call.body === '' ? undefined : call.body,
      })
      await afterHandled(call, answer.status)
      if (fault === 'dropAnswer') {
        request.socket.destroy()
        return
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(await answer.text())
    })().catch(() => request.socket.destroy())
  })
  server.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const { port } = server.address() as AddressInfo
  const baseUrl = `http://127.0.0.1:${port}/pg`

  return {
    gateway,
    baseUrl,
    /** The shop's environment for a real Cashfree adapter pointed here. */
    env: {
      CASHFREE_CLIENT_ID: gateway.clientId,
      CASHFREE_CLIENT_SECRET: gateway.secret,
      CASHFREE_BASE_URL: baseUrl,
      CASHFREE_ENV: 'sandbox',
    },
    calls,
    /** Decides the fate of every later call (`() => 'none'` restores the line). */
    fault(next: (call: CashfreeCall) => Fault | Promise<Fault>) {
      rule = next
    },
    afterHandled(next: (call: CashfreeCall, status: number) => Promise<void> | void) {
      afterHandled = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
