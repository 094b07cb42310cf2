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
 * Runs a bench step when its file is the script started (`node --import tsx bench/x.ts`), unless
 * BENCH_ONLY names other rows: prints the table it answers, or the error and exit code 1.
 */
export function runBenchStep(meta: ImportMeta, name: string, step: () => Promise<string>) {
  if (meta.url !== `file://${process.argv[1]}`) return
  const only = process.env.BENCH_ONLY?.split(',').filter(Boolean)
  if (only && !only.some((word) => name.includes(word) || word.includes(name))) return
  step()
    .then((table) => console.log(`\n${table}\n`))
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : err)
      process.exit(1)
    })
}
