// A tiny round-robin HTTP proxy for the scale-out e2e run: each request goes to the next
// upstream in turn (per request, not per connection, so one browser's keep-alive connection
// still alternates), with its method, path, headers and body, plus X-Forwarded-For/-Proto/-Host
// as a load balancer adds them. GET /__proxy/stats answers how many requests each upstream got.
import { once } from 'node:events'
import http from 'node:http'

const HOST = '127.0.0.1'
/** Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

function forwardable(headers) {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())),
  )
}

/** Starts the proxy on `port`; resolves once it listens. `upstreams` are `http://host:port`. */
export async function startRoundRobinProxy({ port, upstreams }) {
  const targets = upstreams.map((url) => ({
    url: new URL(url),
    agent: new http.Agent({ keepAlive: true }),
    requests: 0,
    failures: 0,
  }))
  let next = 0

  const stats = () => ({
    upstreams: targets.map((t) => ({
      upstream: t.url.origin,
      requests: t.requests,
      failures: t.failures,
    })),
  })

  const server = http.createServer((request, response) => {
    if (request.url === '/__proxy/stats') {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
      return response.end(JSON.stringify(stats()))
    }
    const target = targets[next]
    next = (next + 1) % targets.length
    target.requests++

    const client = request.socket.remoteAddress ?? ''
    const prior = request.headers['x-forwarded-for']
    const headers = {
      ...forwardable(request.headers),
      'x-forwarded-for': prior ? `${prior}, ${client}` : client,
      'x-forwarded-proto': 'http',
      'x-forwarded-host': request.headers.host ?? '',
    }
    const upstream = http.request(
      {
        host: target.url.hostname,
        port: target.url.port,
        method: request.method,
        path: request.url,
        headers,
        agent: target.agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, forwardable(answer.headers))
        answer.pipe(response)
      },
    )
    let abandoned = false
    upstream.on('error', (error) => {
      if (abandoned) return // the browser left (a cancelled fetch): not the upstream's fault
      target.failures++
      console.error(
        `proxy: ${request.method} ${request.url} → ${target.url.origin}: ${error.message}`,
      )
      if (!response.headersSent) {
        response.writeHead(502, { 'Content-Type': 'application/json' })
        response.end(JSON.stringify({ success: false, message: 'Bad gateway' }))
      } else {
        response.destroy(error)
      }
    })
    // A browser that goes away mid-request should not leave the upstream request hanging.
    response.on('close', () => {
      if (response.writableFinished) return
      abandoned = true
      upstream.destroy()
    })
    request.pipe(upstream)
  })

  server.listen(port, HOST)
  await once(server, 'listening')
  return {
    url: `http://${HOST}:${port}`,
    stats,
    close: () =>
      new Promise((resolve) => {
        for (const t of targets) t.agent.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
