import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'

export interface LoadResult {
  name: string
  url: string
  connections: number
  requestsPerSecond: number
  p50: number
  p99: number
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number
}

export interface LoadOptions {
  name: string
  url: string
  connections: number
  seconds: number
  /** Paths each connection cycles through instead of `url`'s own. */
  paths?: string[]
  /** Request headers, e.g. the Accept-Encoding a browser sends for pages. */
  headers?: Record<string, string>
}

/**
 * One autocannon run from a child process (bench/load-child.ts), so the server's process holds
 * only the server and its memory can be read (issue 33.6); latency in milliseconds.
 */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('./load-child.ts', import.meta.url)),
      JSON.stringify(opts),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  const [code] = (await once(child, 'exit')) as [number | null]
  if (code !== 0) throw new Error(`load generator exited with ${code}`)
  const result = JSON.parse(out) as Pick<LoadResult, 'requestsPerSecond' | 'p50' | 'p99' | 'errors'>
  return { name: opts.name, url: opts.url, connections: opts.connections, ...result }
}

/**
 * The median time to the first byte of `url` asked alone, five times with pauses between, as one
 * visitor on an idle shop would (fetch resolves when the headers arrive).
 */
export async function idleFirstByte(url: string, headers: Record<string, string>) {
  const samples: number[] = []
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    const started = performance.now()
    const response = await fetch(url, { headers })
    samples.push(performance.now() - started)
    await response.arrayBuffer()
  }
  samples.sort((a, b) => a - b)
  return samples[2]!
}

/** A Markdown table; each row's throughput also as a share of /api/health at the same load. */
export function formatTable(results: LoadResult[]): string {
  const lines = [
    '| Endpoint | Conns | req/s | p50 ms | p99 ms | Errors | vs health |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ]
  for (const r of results) {
    const health = results.find((h) => h.name === 'health' && h.connections === r.connections)
    const ratio = health
      ? `${Math.round((r.requestsPerSecond / health.requestsPerSecond) * 100)}%`
      : '-'
    lines.push(
      `| ${r.name} | ${r.connections} | ${Math.round(r.requestsPerSecond)} | ${r.p50} | ${r.p99} | ${r.errors} | ${ratio} |`,
    )
  }
  return lines.join('\n')
}

/**
 * How long a finished bench may take to exit by itself: closing its servers, pools and threads
 * takes well under a second.
 */
const EXIT_GRACE_MS = 10_000

/**
 * Called when a bench has written its results. A process that is still alive after the grace
 * has something referenced left open (a server, a pool's socket, a timer, a listening message
 * port): this names the kinds (process.getActiveResourcesInfo) and ends with exit code 1, so
 * `npm run bench`'s chain stops with the reason instead of stalling without a word. Its own
 * timer is unreferenced: a bench that closed everything exits at once, as before.
 */
export function guardExit(name: string) {
  const timer = setTimeout(() => {
    const open = process.getActiveResourcesInfo()
    console.error(
      `${name} finished but did not exit after ${EXIT_GRACE_MS / 1000} s: still open ${JSON.stringify(open)}. Something it started was not closed; find its owner with async_hooks (the stacks where those resources were made).`,
    )
    process.exit(1)
  }, EXIT_GRACE_MS)
  timer.unref()
}

/**
 * Runs a bench step when its file is the script started (`node --import tsx bench/x.ts`), unless
 * BENCH_ONLY names other rows: prints the table it answers, or the error and exit code 1.
 */
export function runBenchStep(meta: ImportMeta, name: string, step: () => Promise<string>) {
  if (meta.url !== `file://${process.argv[1]}`) return
  const only = process.env.BENCH_ONLY?.split(',').filter(Boolean)
  if (only && !only.some((word) => name.includes(word) || word.includes(name))) return
  runBenchMain(`bench/${name}`, async () => {
    console.log(`\n${await step()}\n`)
  })
}

/**
 * Runs a bench script's `main`: on success the exit guard (the process must end by itself), on
 * failure the error's message and exit code 1.
 */
export function runBenchMain(name: string, main: () => Promise<void>) {
  main().then(
    () => guardExit(name),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err)
      process.exit(1)
    },
  )
}
