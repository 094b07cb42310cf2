import { execFileSync } from 'node:child_process'
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

/**
 * A PostgreSQL primary and a streaming standby of it (pg_basebackup -R), made in a temporary
 * directory with the machine's own PostgreSQL binaries and run on free ports, for the read
 * replica proof (decision 097). The machine's server at TEST_DATABASE_URL is left alone: a
 * standby of it needs a replication line in its pg_hba.conf, which it does not have and which a
 * test must not add. Both servers log every statement with the client's application_name first
 * (`app|statement`), so a test can read which server ran what.
 */
export interface StreamingPair {
  primaryUrl: string
  standbyUrl: string
  /** The standby's log from byte `from` on, and its length now. */
  standbyLog(from?: number): { text: string; end: number }
  primaryLog(from?: number): { text: string; end: number }
  stop(): void
}

/** Where the binaries are: PG_BINDIR, else what pg_config says. */
function binDir(): string | undefined {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim()
  } catch {
    return undefined
  }
}

const TOOLS = ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres']
const asRoot = process.getuid?.() === 0

/** Why the pair cannot be made here (null: it can). */
export function streamingPairUnavailable(): string | null {
  const bin = binDir()
  if (!bin) return 'PostgreSQL binaries (pg_config --bindir or PG_BINDIR)'
  const missing = TOOLS.filter((tool) => !existsSync(path.join(bin, tool)))
  if (missing.length) return `${missing.join(', ')} in ${bin}`
  // PostgreSQL refuses to run as root: then it runs as the postgres account.
  if (asRoot) {
    if (!existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) return 'runuser'
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'pipe' })
    } catch {
      return 'a postgres account to run the servers as (PostgreSQL refuses root)'
    }
  }
  return null
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export async function startStreamingPair(): Promise<StreamingPair> {
  const bin = binDir()!
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tb-replica-'))
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }))
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }))
    chownSync(dir, uid, gid)
  }
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool)
    execFileSync(
      asRoot ? 'runuser' : command,
      asRoot ? ['-u', 'postgres', '--', command, ...args] : args,
      {
        stdio: 'pipe',
      },
    )
  }
  const primaryDir = path.join(dir, 'primary')
  const standbyDir = path.join(dir, 'standby')
  const logs = { primary: path.join(dir, 'primary.log'), standby: path.join(dir, 'standby.log') }
  const [primaryPort, standbyPort] = [await freePort(), await freePort()]
  const start = (dataDir: string, port: number, log: string) =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      log,
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      'start',
    ])
  const stop = (dataDir: string) => {
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])
    } catch {
      // Not running (it failed to start, or was stopped already).
    }
  }

  try {
    run('initdb', ['-D', primaryDir, '-U', 'postgres', '-A', 'trust', '--no-sync'])
    // initdb's pg_hba.conf already lets local replication connections in (trust).
    appendFileSync(
      path.join(primaryDir, 'postgresql.conf'),
      [
        'fsync = off',
        'log_statement = all',
        "log_line_prefix = '%a|'",
        // The standby's copy of this file says the same: it answers reads while replaying.
        'hot_standby = on',
        '',
      ].join('\n'),
    )
    start(primaryDir, primaryPort, logs.primary)
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      standbyDir,
      '-R',
      '-X',
      'stream',
      '--checkpoint=fast',
      '--no-sync',
    ])
    start(standbyDir, standbyPort, logs.standby)
  } catch (err) {
    stop(standbyDir)
    stop(primaryDir)
    rmSync(dir, { recursive: true, force: true })
    throw err
  }

  const tail =
    (file: string) =>
    (from = 0) => {
      const all = existsSync(file) ? readFileSync(file) : Buffer.alloc(0)
      return { text: all.subarray(from).toString('utf8'), end: all.length }
    }
  const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`
  return {
    primaryUrl: url(primaryPort),
    standbyUrl: url(standbyPort),
    standbyLog: tail(logs.standby),
    primaryLog: tail(logs.primary),
    stop() {
      stop(standbyDir)
      stop(primaryDir)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
