import type { Config } from '../config'

/**
 * The names and options of the shop's own cookies, in one place so setting, reading and
 * clearing agree. Behind an https APP_URL they take the `__Host-` prefix: browsers then accept
 * them only Secure, for Path=/ and without a Domain, so neither a sibling subdomain nor a plain
 * http page can plant or overwrite them.
 */
export function shopCookies(
  config: Pick<Config, 'secureCookies' | 'sessionDays' | 'deviceCookieDays'>,
) {
  const secure = config.secureCookies
  const name = (base: string) => (secure ? `__Host-${base}` : base)
  const options = { httpOnly: true, sameSite: 'lax', secure, path: '/' } as const
  return {
    session: {
      name: name('session'),
      options: { ...options, maxAge: config.sessionDays * 86_400 },
    },
    /**
     * Says "this browser holds a session" to the web app, which cannot read the session cookie:
     * a signed-in visitor then gets the storefront page kept for everyone and the browser asks
     * who is signed in after it draws it (issue 33.4, docs/performance.md). Not a secret: it
     * grants nothing, and a stale one only costs one check-auth.
     */
    signedIn: {
      name: name('signed_in'),
      options: { ...options, httpOnly: false, maxAge: config.sessionDays * 86_400 },
    },
    /** Marks a browser that has signed in before (see modules/auth/devices.ts). */
    device: {
      name: name('device'),
      options: { ...options, maxAge: config.deviceCookieDays * 86_400 },
    },
  }
}

export type ShopCookies = ReturnType<typeof shopCookies>
