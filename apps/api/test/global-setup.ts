import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../src/db/client'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
  }
}

/** Migrates one PGlite once and dumps it, so each test file starts from a copy in well under a second. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tb-template-'))
  const file = path.join(dir, 'template.tar.gz')
  const pglite = await PGlite.create({ extensions: { pg_trgm } })
  const database = await openDatabase({ pglite })
  await database.migrate()
  const dump = await pglite.dumpDataDir('gzip')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  await database.close()
  project.provide('pgliteTemplate', file)
  return () => rmSync(dir, { recursive: true, force: true })
}
