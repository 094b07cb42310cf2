// `npm run admin:create -- --email owner@shop.in --name "Shop Owner"`: makes an admin account.
// The password comes from ADMIN_PASSWORD or is asked for on the terminal (never an argument,
// so it stays out of shell history).
import path from 'node:path'
import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
import { emailField, passwordField, requiredText } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { users } from '../db/schema'
import { hashPassword } from '../lib/password'

/**
 * An admin controls every seller, product and order, so its password is longer than the
 * sign-up minimum; the sign-up rule (letters and a number) applies as well.
 */
const ADMIN_PASSWORD_MIN = 12

const input = z.object({
  email: emailField(),
  name: requiredText('Name', 100),
  password: z
    .string({ error: 'Password is required' })
    .min(ADMIN_PASSWORD_MIN, `Password must be at least ${ADMIN_PASSWORD_MIN} characters`)
    .pipe(passwordField()),
})

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD
  const rl = createInterface({ input: process.stdin, output: process.stdout })
  const answer = await rl.question(
    `Password (at least ${ADMIN_PASSWORD_MIN} characters, letters and a number): `,
  )
  rl.close()
  return answer
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' } },
  })
  const parsed = input.safeParse({ ...values, password: await askPassword() })
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      console.error(`${issue.path.join('.')}: ${issue.message}`)
    console.error('Usage: npm run admin:create -- --email owner@shop.in --name "Shop Owner"')
    process.exit(2)
  }
  const config = loadConfig()
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    directUrl: config.databaseDirectUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  })
  try {
    await database.migrate()
    const { email, name, password } = parsed.data
    const [existing] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email))
    if (existing) {
      console.error(`An account with ${email} already exists.`)
      process.exitCode = 1
      return
    }
    await database.db.insert(users).values({
      email,
      userName: name,
      passwordHash: await hashPassword(password),
      role: 'admin',
      type: 'admin',
    })
    console.log(`Admin ${email} created. Sign in at ${config.appUrl}/login`)
  } finally {
    await database.close()
  }
}

await main()
