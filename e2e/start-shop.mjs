// Starts the shop exactly as `npm start` does, on a throw-away data directory.
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const dataDir = path.join(root, '.data/e2e')
rmSync(dataDir, { recursive: true, force: true })
const shop = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => shop.kill(signal))
shop.on('exit', (code) => process.exit(code ?? 0))
