import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it, onTestFinished } from 'vitest'
import { MARKETPLACE_ENV, PRODUCTION_ENV } from './production-env'

const apiDir = path.resolve(import.meta.dirname, '..')
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tb-server-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

// A production start needs a mail server (nothing is mailed in these tests) and the key that
// seals sellers' signing certificates.
const baseEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  SMTP_URL: 'smtp://127.0.0.1:2525?tls=off',
  SIGNING_KEYS_SECRET: PRODUCTION_ENV.SIGNING_KEYS_SECRET,
  ...MARKETPLACE_ENV,
}

/** Starts src/server.ts on a free port; resolves once it has printed its banner (output is live). */
async function startServer(env: Record<string, string>) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: { ...baseEnv, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  })
  // Never leave the child behind, even when an expectation fails.
  onTestFinished(() => {
    if (server.exitCode === null) server.kill('SIGKILL')
  })
  const state = { server, output: '', port: 0 }
  server.stdout.on('data', (chunk: Buffer) => (state.output += chunk.toString()))
  server.stderr.on('data', (chunk: Buffer) => (state.output += chunk.toString()))
  // pino logs the address it listens on; read the port from it. The banner comes right after.
  state.port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listen line in: ${state.output}`)), 60_000)
    server.stdout.on('data', () => {
      const match = state.output.match(/listening at http:\/\/127\.0\.0\.1:(\d+)/)
      if (match && state.output.includes(' is running at ')) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    })
  })
  return state
}

describe('the server process', () => {
  it('refuses a bad setting with a message naming the variable', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: { ...baseEnv, PORT: 'eighty' },
      encoding: 'utf8',
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('Invalid configuration')
    expect(run.stderr).toContain('PORT')
    expect(run.stderr).not.toMatch(/\bat .*\.ts:\d+/)
  })

  it('makes the first admin from the command line in production', () => {
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli/create-admin.ts',
        '--email',
        'Owner@Shop.in',
        '--name',
        'Shop Owner',
      ],
      {
        cwd: apiDir,
        env: { ...baseEnv, NODE_ENV: 'production', ADMIN_PASSWORD: 'Owner-Pass-2026' },
        encoding: 'utf8',
      },
    )
    expect(run.stderr).toBe('')
    expect(run.stdout).toContain('Admin owner@shop.in created')
  }, 60_000)

  it('refuses a production start without SMTP_URL, naming the variable', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: { ...baseEnv, NODE_ENV: 'production', SMTP_URL: '' },
      encoding: 'utf8',
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('SMTP_URL: is required in production')
  }, 60_000)

  it('refuses a production start without SIGNING_KEYS_SECRET, naming the variable', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: { ...baseEnv, NODE_ENV: 'production', SIGNING_KEYS_SECRET: '' },
      encoding: 'utf8',
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('SIGNING_KEYS_SECRET: is required in production')
  }, 60_000)

  it('starts on a public address without demo data or sandbox, and says why', async () => {
    const shop = await startServer({
      NODE_ENV: 'development',
      ...MARKETPLACE_ENV,
      APP_URL: 'https://shop.example.in',
      DATA_DIR: mkdtempSync(path.join(dataDir, 'public-')),
    })
    const products = await fetch(`http://127.0.0.1:${shop.port}/api/shop/products/get`)
    expect(((await products.json()) as { total: number }).total).toBe(0)
    const sandbox = await fetch(
      `http://127.0.0.1:${shop.port}/sandbox-gateway?payment_session_id=x`,
    )
    expect(await sandbox.text()).not.toContain('Sandbox payment gateway')
    expect(shop.output).toMatch(
      /Demo mode is off: APP_URL https:\/\/shop\.example\.in is not this machine/,
    )
    expect(shop.output).not.toContain('Demo accounts')
  }, 90_000)

  it('starts in production without demo data, serves, and exits cleanly on SIGTERM', async () => {
    const shop = await startServer({ NODE_ENV: 'production' })
    const { server, port } = shop
    const health = await fetch(`http://127.0.0.1:${port}/api/health`)
    expect(health.status).toBe(200)
    const products = (await (
      await fetch(`http://127.0.0.1:${port}/api/shop/products/get`)
    ).json()) as {
      total: number
    }
    expect(products.total).toBe(0)
    expect(shop.output).not.toContain('Demo accounts')
    expect(shop.output).not.toContain('API docs')

    const exited = new Promise<number | null>((resolve) =>
      server.on('exit', (code) => resolve(code)),
    )
    server.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(shop.output).toContain('SIGTERM received, closing')
  }, 90_000)
})
