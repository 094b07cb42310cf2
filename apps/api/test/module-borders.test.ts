import { ESLint } from 'eslint'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The borders between the API's modules are lint rules (eslint.config.js, issue 27.2): these
 * probes are linted as if they were files of the code, so a rule that stopped holding fails here.
 */
const root = path.resolve(import.meta.dirname, '../../..')
const eslint = new ESLint({ cwd: root })

async function bordersBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => m.message)
}

describe('the borders between API modules', () => {
  it('refuse a module reaching into another one past its index.ts', async () => {
    const broken = await bordersBroken(
      'apps/api/src/modules/shipping/probe.ts',
      "import { moveOrder } from '../lifecycle/move'\nexport const probe = moveOrder\n",
    )
    expect(broken).toEqual([expect.stringMatching(/shipping may use only/)])
  })

  it('refuse a module using one it is not allowed to, even through index.ts', async () => {
    const broken = await bordersBroken(
      'apps/api/src/modules/refunds/probe.ts',
      "import { moveOrder } from '../lifecycle'\nexport const probe = moveOrder\n",
    )
    expect(broken).toEqual([expect.stringMatching(/refunds may use only kernel/)])
  })

  it('refuse infrastructure importing any module', async () => {
    const broken = await bordersBroken(
      'apps/api/src/lib/probe.ts',
      "import { lockOrder } from '../modules/kernel'\nexport const probe = lockOrder\n",
    )
    expect(broken).toEqual([expect.stringMatching(/Infrastructure imports no module/)])
  })

  it('let a module use an allowed one through its index.ts', async () => {
    const broken = await bordersBroken(
      'apps/api/src/modules/shipping/probe.ts',
      "import { moveOrder } from '../lifecycle'\nexport const probe = moveOrder\n",
    )
    expect(broken).toEqual([])
  })
})
