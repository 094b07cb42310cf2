import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'

export interface CspSources {
  /** Extra origins a configured payment provider needs (script, frame, form target). */
  script?: string[]
  frame?: string[]
  formAction?: string[]
  connect?: string[]
  /** Where images may load from besides the shop (an object store's public URL). */
  img?: string[]
}

/** Several features' sources in one policy (payments, image storage). */
export function mergeCsp(...sources: CspSources[]): CspSources {
  const merged: Required<CspSources> = {
    script: [],
    frame: [],
    formAction: [],
    connect: [],
    img: [],
  }
  for (const source of sources) {
    for (const key of Object.keys(merged) as (keyof CspSources)[]) {
      for (const origin of source[key] ?? []) {
        if (!merged[key].includes(origin)) merged[key].push(origin)
      }
    }
  }
  return merged
}

export interface SecurityOptions {
  csp?: CspSources
  /** APP_URL is https: only then is Strict-Transport-Security sent. */
  hsts: boolean
}

/**
 * Security headers. The CSP allows only the shop's own origin, plus what a configured payment
 * provider needs; inline styles are allowed because Radix positions popovers with style attributes.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  const csp = opts.csp ?? {}
  // Built once. @fastify/helmet built helmet's middlewares again on every request (parsing the
  // policy's directives each time): a quarter of what a cached catalog reply allocated (decision
  // 101), garbage that made the heap grow under load.
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        scriptSrc: ["'self'", ...(csp.script ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(csp.img ?? [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(csp.connect ?? [])],
        frameSrc: ["'self'", ...(csp.frame ?? [])],
        formAction: ["'self'", ...(csp.formAction ?? [])],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Images are served same-origin; keep them loadable by the shop's own pages only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS over plain http would make browsers insist on an https the shop does not serve;
    // over https, helmet's default (a year, subdomains included).
    strictTransportSecurity: opts.hsts ? {} : false,
  })
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, () => done()),
  )
})
