import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const apiDir = path.resolve(import.meta.dirname, '../..')
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tb-create-admin-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** Runs `npm run admin:create` as an operator would, the password in ADMIN_PASSWORD. */
const createAdmin = (password: string) =>
  spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/cli/create-admin.ts', '--email', 'owner@shop.in', '--name', 'Owner'],
    {
      cwd: apiDir,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: password },
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
})
