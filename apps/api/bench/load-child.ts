/**
 * One autocannon run in a process of its own (bench/load.ts's runLoad starts it): the bench's
 * server process then holds only the server, so its resident memory is the server's (issue
 * 33.6). Reads the run's options as JSON from its first argument, prints the result as JSON.
 */
import autocannon from 'autocannon'
import type { LoadOptions } from './load'

const opts = JSON.parse(process.argv[2] ?? '{}') as LoadOptions
const result = await autocannon({
  url: opts.url,
  connections: opts.connections,
  duration: opts.seconds,
  headers: opts.headers,
  requests: opts.paths?.map((path) => ({ method: 'GET' as const, path, headers: opts.headers })),
})
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }),
)
