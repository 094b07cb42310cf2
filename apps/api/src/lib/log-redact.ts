import type { FastifyRequest } from 'fastify'

/**
 * Query parameters that are bearer secrets: the reset link's token, and the payment session id
 * that opens a payment page (decision 12). Whoever reads the log must not be able to use them.
 */
const SECRET_PARAMS = /([?&](?:token|payment_session_id)=)[^&#]*/gi

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]')
}

/** Fastify's own request fields for the log, with the URL's secrets taken out. */
export function logRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}
