// `npm run dev`: the API with restart-on-change on PORT (default 3000) and Vite with hot reload
// on 5173, proxying /api and /uploads to it.
import { spawn } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
]
const stop = (signal) => children.forEach((child) => child.kill(signal))
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal))
children.forEach((child) => child.on('exit', () => stop('SIGTERM')))
