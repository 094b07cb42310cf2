import { hash, verify } from '@node-rs/argon2'

/**
 * Hashes a password with argon2id (the library default: 19 MiB memory, 2 passes), a memory-hard
 * KDF as the decisions require. The PHC string carries its own salt and parameters, so stronger
 * settings later still verify old hashes.
 */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain)
}

/**
 * True when `plain` matches `passwordHash`. A malformed or foreign hash (for example a seeded
 * account's placeholder) counts as a mismatch rather than an error, so sign-in answers the same way.
 */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain)
  } catch {
    return false
  }
}
