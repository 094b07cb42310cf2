import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/errors'
import type { ShopMetrics } from '../lib/metrics'

function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address
  return v4.startsWith('127.') || address === '::1'
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Who may read the metrics. With METRICS_TOKEN set: whoever sends it as a Bearer token. Without
 * it: only a scraper on this machine, and never through a proxy here (the proxy's connection
 * comes from loopback too, but it adds X-Forwarded-For for the real client).
 */
function assertMayRead(request: FastifyRequest, token: string | undefined): void {
  if (token) {
    const header = request.headers.authorization ?? ''
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : ''
    if (!sameSecret(given, token)) {
      throw new AppError(401, 'A valid metrics token is required', undefined, {
        'WWW-Authenticate': 'Bearer',
      })
    }
    return
  }
  const direct = request.headers['x-forwarded-for'] === undefined
  if (!direct || !isLoopback(request.socket.remoteAddress)) {
    throw new AppError(
      403,
      'Metrics are served only to this machine; set METRICS_TOKEN to scrape them from elsewhere',
    )
  }
}

/**
 * Counts every answered request (including 404s and static files) by method, route pattern and
 * status class, and serves the Prometheus exposition at GET /api/metrics.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { metrics: ShopMetrics; token: string | undefined }) => {
    app.addHook('onResponse', async (request, reply) => {
      // The pattern ('/api/shop/order/details/:orderId'), never the URL: ids would make a
      // series per order. Requests no route matched (SPA pages, 404s) share one label.
      const route = request.routeOptions.url ?? 'unmatched'
      opts.metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000)
    })

    app.get(
      '/api/metrics',
      {
        // No session: the network (loopback) or METRICS_TOKEN guards it, in the handler.
        config: { access: 'public' },
        schema: {
          tags: ['health'],
          summary:
            'Prometheus metrics: loopback only, or with `Authorization: Bearer $METRICS_TOKEN`',
        },
        logLevel: 'warn',
      },
      async (request, reply) => {
        assertMayRead(request, opts.token)
        const body = await opts.metrics.registry.metrics()
        return reply
          .header('Content-Type', opts.metrics.registry.contentType)
          .header('Cache-Control', 'no-store')
          .send(body)
      },
    )
  },
)
