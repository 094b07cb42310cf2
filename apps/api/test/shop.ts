import { addresses, cartLines, carts } from '../src/db/schema'
import type { Db } from '../src/db/client'
import { createSession } from '../src/modules/auth/sessions'
import { createUser } from './factories'

/** A shopper with a session cookie and one saved address (for order and payment tests). */
export async function createShopper(db: Db, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, overrides)
  const token = await createSession(db, { userId: user.id, days: 1, now: new Date() })
  const [address] = await db
    .insert(addresses)
    .values({
      userId: user.id,
      address: '12 MG Road',
      city: 'Bengaluru',
      pincode: '560001',
      phone: '9876543210',
      notes: 'Ring the bell',
    })
    .returning()
  if (!address) throw new Error('address not created')
  return { user, cookie: `session=${token}`, address }
}

/** Puts lines into the user's server cart (creating the cart). */
export async function fillCart(
  db: Db,
  userId: string,
  lines: { productId: string; quantity: number }[],
) {
  const [cart] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { userId } })
    .returning()
  if (!cart) throw new Error('cart not created')
  await db.insert(cartLines).values(lines.map((l) => ({ cartId: cart.id, ...l })))
  return cart
}
