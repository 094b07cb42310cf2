import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const repoRoot = path.resolve(import.meta.dirname, '../../../..')
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tb-create-admin-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/**
 * Runs the README's command as an operator would, from the repository's root through npm (npm 11
 * once took `--email` and `--name` for its own options), the password in ADMIN_PASSWORD.
 */
const createAdmin = (password: string, env: Record<string, string> = {}) =>
  spawnSync(
    'npm',
    ['run', 'admin:create', '--', '--email', 'owner@shop.in', '--name', 'Shop Owner'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_PASSWORD: password,
        ...env,
      },
      encoding: 'utf8',
    },
  )

describe('npm run admin:create', () => {
  // The sign-up rule (letters and a number), and at least 12 characters for an admin.
  it.each([
    ['abcdefgh', /at least 12 characters/],
    ['Owner1234', /at least 12 characters/],
    ['abcdefghijkl', /too weak: use letters and at least one number/],
    ['123456789012', /too weak: use letters and at least one number/],
  ])(
    'refuses the password %j and creates nothing',
    (password, message) => {
      const run = createAdmin(password)
      expect(run.status).toBe(2)
      expect(run.stderr).toMatch(message)
      expect(run.stdout).not.toContain('created')
    },
    30_000,
  )

  it('creates the admin and says where to sign in, on the port the shop is given', () => {
    const run = createAdmin('Owner12345678', { PORT: '4123', APP_URL: '' })
    expect(run.stderr).not.toMatch(/error/i)
    expect(run.status).toBe(0)
    expect(run.stdout).toContain(
      'Admin owner@shop.in created. Sign in at http://localhost:4123/login',
    )
  }, 60_000)
})
