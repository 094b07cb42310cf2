import type { ErrorResponse } from '@techbazaar/shared'

/** A failed API call: the server's message (always safe to show) plus its field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: ErrorResponse['errors'] = [],
  ) {
    super(message)
  }
}

type Transport = (url: string, init: RequestInit) => Promise<Response>

let transport: Transport = (url, init) => fetch(url, init)

/**
 * Replaces how requests leave the app: the server-side renderer (entry-server.tsx) answers them
 * inside the API process with the page request's cookie instead of over the network.
 */
export function setApiTransport(next: Transport) {
  transport = next
}

/**
 * The one way the web app calls the API: same origin, cookies included, JSON in and out.
 * Errors come back as ApiError with the server's message.
 */
export async function api<T>(
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<T> {
  const { json, headers, ...rest } = init
  let response: Response
  try {
    response = await transport(`/api${path}`, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        Accept: 'application/json',
        ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    })
  } catch {
    throw new ApiError(0, 'Cannot reach the shop. Check your connection and try again.')
  }
  const body = (await response.json().catch(() => null)) as
    (Partial<ErrorResponse> & Record<string, unknown>) | null
  if (!response.ok || body?.success === false) {
    throw new ApiError(
      response.status,
      typeof body?.message === 'string' ? body.message : 'Something went wrong',
      body?.errors,
    )
  }
  return body as T
}
