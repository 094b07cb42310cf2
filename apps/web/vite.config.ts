/// <reference types="vitest/config" />
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type ESTree, parseSync, type Plugin, Visitor } from 'vite'
import { sharedIcons } from './build-plugins/shared-icons'

const apiTarget = process.env.API_URL ?? 'http://localhost:3000'

// React Router 7 exports only its development build (with dev warnings); its production build
// sits beside it. The entry chunk holds little but the framework, so this counts (issue 7).
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
)

/**
 * Lets the bundler drop React Router components the app never uses (Form, ScrollRestoration,
 * HistoryRouter...): `X.displayName = "X"` statements and unmarked `forwardRef`/`createContext`
 * calls count as side effects and keep them alive. Display names only matter in DevTools.
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: 'techbazaar:tree-shake-react-router',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/ },
      handler(code) {
        return code
          .replace(/^\s*[\w$.]+\.displayName = "[^"]*";$/gm, '')
          .replace(/= (React\d*)\.(forwardRef|createContext|memo)\(/g, '= /* @__PURE__ */ $1.$2(')
      },
    },
  }
}

/**
 * Writes a brotli and a gzip copy next to every text file of the build, which the server sends
 * to browsers that accept them (apps/api/src/plugins/web.ts): compressed once, at build time.
 */
function precompress(): Plugin {
  return {
    name: 'techbazaar:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(fileName)) continue
        const file = path.join(options.dir ?? 'dist', fileName)
        const content = readFileSync(file)
        if (content.length < 1024) continue
        const quality = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY }
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: quality }))
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
      }
    },
  }
}

/**
 * Preloads the Latin cut of the text font from index.html, so it arrives with the stylesheet
 * instead of after the first layout: a font that swaps in later makes the browser lay out and
 * paint every line of text again (a long task on a phone, and a small layout shift).
 */
function preloadTextFont(): Plugin {
  return {
    name: 'techbazaar:preload-text-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((name) =>
          /inter-latin-wght-normal-[\w-]+\.woff2$/.test(name),
        )
        if (!font) return []
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${font}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ]
      },
    },
  }
}

/**
 * Marks zod's schema builders (`z.object(...)`, `z.string().min(1)`, ...) in the app's and
 * packages/shared's sources as pure calls. Schemas built at a module's top level (most of
 * packages/shared) are calls the bundler must otherwise keep: a page that imports a constant
 * from a shared file would download zod and every schema beside it. zod's builders have no side
 * effects; the schemas used at run time stay. Annotated in the source rather than with the
 * bundler's `manualPureFunctions: ['z']`, which matches any function named `z`, and minified
 * libraries name functions so (Preact's `diff` is one: every render call was dropped).
 */
function pureZodBuilders(): Plugin {
  const sources = [
    path.resolve(import.meta.dirname, 'src'),
    path.resolve(import.meta.dirname, '../../packages/shared/src'),
  ].map((dir) => dir + path.sep)
  /** `z`, or a call or property read at the head of which `z` stands (`z.string().min(1)`). */
  const rootedInZ = (node: ESTree.Expression | ESTree.Super): boolean => {
    if (node.type === 'Identifier') return node.name === 'z'
    if (node.type === 'MemberExpression') return rootedInZ(node.object)
    if (node.type === 'CallExpression') return rootedInZ(node.callee)
    return false
  }
  return {
    name: 'techbazaar:pure-zod-builders',
    apply: 'build',
    transform: {
      filter: { id: /\.tsx?$/, code: 'z.' },
      handler(code, id) {
        if (!sources.some((dir) => id.startsWith(dir))) return null
        const { program } = parseSync(id, code)
        const starts = new Set<number>()
        new Visitor({
          CallExpression(node) {
            if (node.callee.type === 'MemberExpression' && rootedInZ(node.callee))
              starts.add(node.start)
          },
        }).visit(program)
        let out = code
        // From the end, so earlier offsets stay true; one mark per chain marks all of it.
        for (const at of [...starts].sort((a, b) => b - a)) {
          if (!code.startsWith('z.', at)) throw new Error(`pure-zod-builders: no z. at ${id}:${at}`)
          out = `${out.slice(0, at)}/* @__PURE__ */ ${out.slice(at)}`
        }
        return { code: out, map: null }
      },
    },
  }
}

/** The modules of the routes a first visit of the home page loads, after the entry (router.tsx). */
const HOME_ROUTE_MODULES = [
  'src/app/root.tsx',
  'src/app/layouts/shop/shop-layout.tsx',
  'src/features/catalog/pages/home-page.tsx',
].map((file) => path.resolve(import.meta.dirname, file))
/**
 * The libraries every storefront page runs on, beside React and the router (in the entry), and
 * the schema-free files of packages/shared it uses (the others hold zod schemas for the forms).
 */
const STOREFRONT_LIBRARIES = [
  /[\\/]node_modules[\\/](@tanstack[\\/](query-core|react-query)|clsx|tailwind-merge|class-variance-authority)[\\/]/,
  /[\\/]node_modules[\\/]@radix-ui[\\/]react-(slot|compose-refs|primitive|context|use-layout-effect|avatar)[\\/]/,
  /[\\/]packages[\\/]shared[\\/]src[\\/](constants|money|dates|order-limits|upload-widths)\.ts$/,
]

/**
 * One `storefront` chunk for the code the home page needs beside the entry: the root, the shop
 * layout, the home page, the app modules they import statically and the libraries they run on.
 * Left to itself the bundler splits it into some thirty chunks by which pages share what; a first
 * visit then downloads them all, each compressed on its own (about 9 KB more than as one file,
 * issue 14). Pages that share only part of it download it whole, and it is cached from then on.
 *
 * The app modules are found from the import graph, so a new component of the home page joins by
 * itself; modules of the entry stay there (a storefront module in the entry would pull this whole
 * chunk into the entry). Libraries are named: their index files re-export everything, so the
 * graph cannot tell which parts the storefront uses.
 */
function storefrontChunk() {
  const imports = new Map<string, readonly string[]>()
  const entries: string[] = []
  let members: ((id: string) => boolean) | undefined
  const webSrc = path.resolve(import.meta.dirname, 'src') + path.sep
  const closure = (starts: string[], follow: (id: string) => boolean) => {
    const seen = new Set<string>()
    const stack = [...starts]
    while (stack.length) {
      const id = stack.pop()!
      if (seen.has(id)) continue
      seen.add(id)
      for (const next of imports.get(id) ?? []) if (follow(next)) stack.push(next)
    }
    return seen
  }
  const plugin: Plugin = {
    name: 'techbazaar:storefront-chunk',
    apply: 'build',
    buildStart() {
      imports.clear()
      entries.length = 0
      members = undefined
    },
    moduleParsed(info) {
      imports.set(info.id, info.importedIds)
      if (info.isEntry) entries.push(info.id)
    },
  }
  const test = (id: string) => {
    members ??= (() => {
      const entry = closure(entries, () => true)
      const home = closure(HOME_ROUTE_MODULES, (next) => next.startsWith(webSrc))
      // The route modules keep their own chunks: each is where the router's import() lands.
      for (const route of HOME_ROUTE_MODULES) home.delete(route)
      return (candidate: string) =>
        !entry.has(candidate) &&
        (home.has(candidate) || STOREFRONT_LIBRARIES.some((library) => library.test(candidate)))
    })()
    return members(id)
  }
  return { plugin, test }
}

const storefront = storefrontChunk()
/** The catalog's pages and the app's shared parts: what most storefront visits draw. */
const CATALOG_SOURCES =
  /[\\/]src[\\/](features[\\/]catalog|components|app[\\/](layouts[\\/]shop|guards))[\\/]/
const icons = sharedIcons(
  (file) =>
    HOME_ROUTE_MODULES.includes(file) || storefront.test(file) || CATALOG_SOURCES.test(file),
)

/**
 * The browser build runs the app on Preact's React-compatible layer, about 50 KB less to
 * download than React DOM with React's own client (decision 48). The server's renderer, the
 * development server and the unit tests keep React; the end-to-end tests and the `web-size`
 * check drive the browser build, so they test what browsers run.
 */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
]

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server-side renderer's bundle (entry-server.tsx) is read from disk, never sent.
  plugins: [
    react(),
    tailwindcss(),
    treeShakeReactRouter(),
    pureZodBuilders(),
    preloadTextFont(),
    ...(isSsrBuild ? [] : [storefront.plugin, icons.plugin]),
    ...(isSsrBuild ? [] : [precompress()]),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      ...(command === 'build' && !isSsrBuild ? preactAliases : []),
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
            {
              find: /^react-router\/dom$/,
              replacement: path.join(reactRouterDist, 'dom-export.mjs'),
            },
          ]
        : []),
    ],
  },
  // The server-side renderer carries its own copies of React and the libraries, in their
  // production builds: the API process runs with NODE_ENV unset or `development` (demo data,
  // sandbox payments), which would otherwise load React's slow development server build.
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      }
    : {}),
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/uploads': apiTarget },
  },
  build: {
    // The public files belong to the browser build only.
    copyPublicDir: !isSsrBuild,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Every browser the shop supports preloads modules natively; the polyfill only costs bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      onwarn(warning, warn) {
        // React Router uses React's useOptimistic where it exists; Preact has none, and the
        // router then keeps its own state, as it does on React 18.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) {
          return
        }
        warn(warning)
      },
      output: {
        codeSplitting: {
          // The icons of the code every storefront visit loads go in one chunk instead of one
          // tiny chunk each: fewer requests, and a shorter preload table in the entry chunk
          // (build-plugins/shared-icons.ts). Their only dependency outside the group is React,
          // which is in the entry, so no chunk cycle can form.
          includeDependenciesRecursively: false,
          groups: [
            ...(isSsrBuild
              ? []
              : [
                  {
                    name: 'storefront',
                    test: storefront.test,
                    includeDependenciesRecursively: false,
                  },
                ]),
            {
              name: 'icons',
              test: isSsrBuild ? /[\\/]node_modules[\\/]lucide-react[\\/]/ : icons.test,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
}))
