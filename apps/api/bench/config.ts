import { loadConfig, type Config } from '../src/config'

/**
 * Every bench shop allows its virtual shoppers more orders an hour than the 10 a person gets:
 * each places orders back to back for the whole run (the rate limit has its own tests).
 */
const BENCH_ORDERS_PER_HOUR = '10000'

/**
 * A benchmark's shop configuration: test mode, its own data directory, no logs. `quiet` also
 * stops the payout schedule and the job worker's polling, for benches that time something else
 * than what those do; `env` adds the bench's own settings (as environment variable strings).
 */
export function benchConfig(
  dataDir: string,
  { quiet = false, env = {} }: { quiet?: boolean; env?: Record<string, string> } = {},
): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ORDER_CREATE_PER_HOUR: BENCH_ORDERS_PER_HOUR,
    ...(quiet ? { PAYOUT_SCHEDULE: 'off', JOBS_POLL_MS: '600000' } : {}),
    ...env,
  })
}
