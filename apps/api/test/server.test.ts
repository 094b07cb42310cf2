import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it, onTestFinished } from 'vitest'

const apiDir = path.resolve(import.meta.dirname, '..')
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tb-server-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const baseEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' }

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

  it('starts in production without demo data, serves, and exits cleanly on SIGTERM', async () => {
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: { ...baseEnv, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    })
    // Never leave the child behind, even when an expectation below fails.
    onTestFinished(() => {
      if (server.exitCode === null) server.kill('SIGKILL')
    })
    let output = ''
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    // pino logs the address it listens on; read the port from it.
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listen line in: ${output}`)), 60_000)
      server.stdout.on('data', () => {
        const match = output.match(/listening at http:\/\/127\.0\.0\.1:(\d+)/)
        if (match) {
          clearTimeout(timer)
          resolve(Number(match[1]))
        }
      })
    })
    const health = await fetch(`http://127.0.0.1:${port}/api/health`)
    expect(health.status).toBe(200)
    const products = (await (
      await fetch(`http://127.0.0.1:${port}/api/shop/products/get`)
    ).json()) as {
      total: number
    }
    expect(products.total).toBe(0)
    expect(output).not.toContain('Demo accounts')

    const exited = new Promise<number | null>((resolve) =>
      server.on('exit', (code) => resolve(code)),
    )
    server.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(output).toContain('SIGTERM received, closing')
  }, 90_000)
})
