import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { PayoutRails } from '../../payouts'

/** What the payouts module needs: the database, the shop's clock, its settings and the rails. */
export interface PayoutDeps {
  db: Db
  now: () => Date
  config: Pick<Config, 'settlement' | 'payoutRuns' | 'shopName' | 'appUrl'>
  rails: PayoutRails
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
}
