import { z } from 'zod'
import { readAnswer, send, type CourierAnswer } from './http'

export interface ShiprocketOptions {
  /** The API user's email and password (Settings → API in Shiprocket's panel). */
  email: string
  password: string
  /** https://apiv2.shiprocket.in/v1/external; tests point it at a local fake. */
  baseUrl: string
  /** The `x-api-key` Shiprocket's panel sends with each tracking webhook; unset refuses all. */
  webhookToken?: string
  fetch?: typeof fetch
  now?: () => Date
}

/** Shiprocket's token lives 10 days; one is renewed a day early so none expires mid-booking. */
const TOKEN_RENEW_MS = 9 * 24 * 60 * 60 * 1000

const loginAnswer = z.object({ token: z.string().min(1) })

/**
 * Shiprocket's API behind its login: the token is cached, renewed before it expires and once
 * more when Shiprocket answers 401 (a token revoked by a password change, or a server restart
 * of theirs). Concurrent calls share one login.
 */
export function createShiprocketClient(opts: ShiprocketOptions) {
  const http = opts.fetch ?? fetch
  const now = opts.now ?? (() => new Date())
  let token: { value: string; renewAt: number } | undefined
  let loggingIn: Promise<string> | undefined

  async function login(): Promise<string> {
    const answer = await send(http, 'Shiprocket', `${opts.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: opts.email, password: opts.password }),
    })
    const { token: value } = readAnswer(answer, loginAnswer, 'Shiprocket login')
    token = { value, renewAt: now().getTime() + TOKEN_RENEW_MS }
    return value
  }

  function currentToken(): Promise<string> {
    if (token && now().getTime() < token.renewAt) return Promise.resolve(token.value)
    loggingIn ??= login().finally(() => {
      loggingIn = undefined
    })
    return loggingIn
  }

  /** Calls `path` with the token; answers whatever Shiprocket says (see `readAnswer`). */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    const attempt = async (bearer: string): Promise<CourierAnswer> =>
      send(http, 'Shiprocket', `${opts.baseUrl}${path}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          Authorization: `Bearer ${bearer}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    const used = await currentToken()
    const answer = await attempt(used)
    if (answer.status !== 401) return answer
    // Another call may have renewed it meanwhile; else log in again, once.
    if (token?.value === used) token = undefined
    return attempt(await currentToken())
  }

  return { call, webhookToken: opts.webhookToken, accountEmail: opts.email }
}

export type ShiprocketClient = ReturnType<typeof createShiprocketClient>
