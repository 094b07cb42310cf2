import path from 'node:path'
import type { Plugin } from 'vite'

const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g
const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([a-z0-9-]+)\.m?js$/

/** lucide's file name of an icon's component name: BadgeIndianRupee → badge-indian-rupee. */
export function iconFile(name: string): string {
  return name
    .replace(/Icon$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([a-zA-Z])([0-9])/g, '$1-$2')
    .toLowerCase()
}

/**
 * The `icons` chunk: the icons of the code most storefront visits load (`isShared`: the
 * `storefront` chunk, the home page's routes, the catalog's pages), with lucide's own code. Other icons go with the pages
 * that draw them, so a product page no longer downloads the back office's and the account's
 * icons (the chunk held 115, most used by neither the home page nor the product page; issue 32's
 * page budget). An icon imported under an alias of its name is not recognised and is chunked
 * with its users: a request more, never a missing icon.
 */
export function sharedIcons(isShared: (file: string) => boolean) {
  const iconsOf = new Map<string, string[]>()
  let shared: Set<string> | undefined
  const plugin: Plugin = {
    name: 'techbazaar:shared-icons',
    apply: 'build',
    buildStart() {
      iconsOf.clear()
      shared = undefined
    },
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.includes(`${path.sep}node_modules${path.sep}`)) return null
      const icons: string[] = []
      for (const match of code.matchAll(LUCIDE_IMPORT)) {
        for (const specifier of match[1]!.split(',')) {
          const name = specifier.trim().split(/\s+as\s+/)[0]
          if (name && !name.startsWith('type ')) icons.push(iconFile(name))
        }
      }
      if (icons.length) iconsOf.set(id, icons)
      return null
    },
  }
  /** Whether a module belongs in the `icons` chunk (asked once every module is transformed). */
  const test = (id: string) => {
    if (!/[\\/]node_modules[\\/]lucide-react[\\/]/.test(id)) return false
    const icon = LUCIDE_ICON.exec(id)?.[1]
    if (icon === undefined) return true
    shared ??= new Set(
      [...iconsOf].filter(([file]) => isShared(file)).flatMap(([, icons]) => icons),
    )
    return shared.has(icon)
  }
  return { plugin, test }
}
