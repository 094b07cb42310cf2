import path from 'node:path'
import { z } from 'zod'

/** The repository root: DATA_DIR and the built web app are found relative to it. */
export const ROOT_DIR = path.resolve(import.meta.dirname, '../../..')

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value)
const optionalUrl = (protocols: RegExp, hint: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .url(`must be a URL like ${hint}`)
      .refine((value) => protocols.test(value), `must be a URL like ${hint}`)
      .optional(),
  )

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  SHOP_NAME: z.string().trim().min(1).default('TechBazaar'),
  APP_URL: optionalUrl(/^https?:/, 'https://shop.example.in'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:/, 'postgres://user:pass@host:5432/db'),
  REDIS_URL: optionalUrl(/^rediss?:/, 'redis://127.0.0.1:6379'),
  SMTP_URL: optionalUrl(/^smtps?:/, 'smtp://user:pass@smtp.example.in:587'),
  MAIL_FROM: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default(''),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
})

export type Config = ReturnType<typeof loadConfig>

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    shopName: e.SHOP_NAME,
    appUrl,
    secureCookies: appUrl.startsWith('https:'),
    dataDir: path.resolve(ROOT_DIR, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.SHOP_NAME} <no-reply@${new URL(appUrl).hostname}>`,
    logLevel: e.LOG_LEVEL,
    sessionDays: e.SESSION_DAYS,
    /** '' → trust no proxy; 'true' → any; else a comma list of proxy addresses or CIDRs. */
    trustProxy:
      e.TRUST_PROXY === '' || e.TRUST_PROXY === 'false'
        ? false
        : e.TRUST_PROXY === 'true'
          ? true
          : e.TRUST_PROXY.split(',').map((part) => part.trim()),
    webDistDir: path.join(ROOT_DIR, 'apps/web/dist'),
  }
}
