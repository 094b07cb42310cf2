// What the e2e start scripts share: starting a shop process the way `npm start` does, and
// waiting for an address to answer.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '..')

/**
 * Runs `npm start` (builds the web app when stale, then the server) in development mode with
 * quiet logs; `env` goes on top. The caller owns the child: forward signals, watch its exit.
 */
export function startShop(env) {
  return spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // Every journey orders as the one demo shopper; the hourly limit per account
      // (docs/decisions/035-order-limits.md) is proven by the API suite, not by how many specs
      // run within an hour.
      ORDER_CREATE_PER_HOUR: '1000',
      // Payout runs happen when a journey asks (payouts.spec.ts), never because the weekly slot
      // fell during a run and took the demo seller's balance.
      PAYOUT_SCHEDULE: 'off',
      ...env,
    },
  })
}

/** Resolves when `url` answers 200; rejects when `child` exits first or after `timeoutMs`. */
export async function waitUntilReady(url, child, timeoutMs = 180_000) {
  let settled = false
  const exited = once(child, 'exit').then(([code]) => {
    if (!settled) throw new Error(`${url}: the process exited (${code}) before it was ready`)
  })
  const poll = async () => {
    const deadline = Date.now() + timeoutMs
    while (!settled && Date.now() < deadline) {
      const ok = await fetch(url)
        .then((res) => res.ok)
        .catch(() => false)
      if (ok) return
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    if (!settled) throw new Error(`${url} was not ready within ${timeoutMs / 1000} s`)
  }
  try {
    await Promise.race([poll(), exited])
  } finally {
    settled = true
  }
}
