import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const webFeatures = readdirSync(new URL('apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/** The web app's app layer: the only code that composes features. */
const appLayerFiles = [
  'apps/web/src/app',
  'apps/web/src/router.tsx',
  'apps/web/src/main.tsx',
  'apps/web/src/entry-server.tsx',
]

/** The API's modules (apps/api/src/modules/*): each one's public surface is its index.ts. */
const apiModules = readdirSync(new URL('apps/api/src/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/**
 * Which modules each API module may use, through their index.ts only (issue 27.2); a module not
 * listed uses none. `kernel` holds what several share (the order lock, history, access, standing,
 * returns flags, the seller's name) and uses no module. The graph has no cycle (checked below), so
 * the order lifecycle sits below payments, shipping and returns, which move orders through it.
 */
const apiModuleUses = {
  checkouts: ['kernel'],
  // Coupons and scheduled sales (decision 092). What was paid for a line's units
  // (`paidForUnits`) is theirs: invoices, returns and orders use it. A sale starting or ending
  // on a variant queues its family's refresh (kernel's `queueFamilyRefresh`, decision 090).
  offers: ['kernel'],
  invoices: ['kernel', 'offers'],
  refunds: ['kernel'],
  settlements: ['kernel', 'invoices'],
  payouts: ['kernel', 'settlements'],
  // The IRN and e-way bill a dispatch needs (issue 30.8-9): the schema and the GST portals only.
  'e-documents': [],
  lifecycle: [
    'kernel',
    'cart',
    'checkouts',
    'invoices',
    'offers',
    'refunds',
    'settlements',
    'e-documents',
  ],
  shipping: ['kernel', 'invoices', 'lifecycle', 'e-documents'],
  returns: ['kernel', 'invoices', 'offers', 'refunds', 'settlements', 'shipping'],
  payments: ['kernel', 'checkouts', 'lifecycle', 'refunds'],
  orders: [
    'kernel',
    'checkouts',
    'invoices',
    'lifecycle',
    'offers',
    'payments',
    'refunds',
    'returns',
    'shipping',
    // verifyBuyerGstin and assertCompositionIntraState (issue 30.10).
    'vendors',
  ],
  'admin-orders': ['kernel', 'lifecycle', 'orders', 'shipping'],
  dashboard: ['kernel', 'grievances', 'settlements', 'shipping'],
  grievances: ['kernel'],
  contact: ['grievances'],
  'admin-products': ['catalog', 'vendors'],
  // Relisting a seller's products moves its variant families' leads (decision 090).
  vendors: ['catalog'],
  banners: ['catalog'],
  reviews: ['catalog'],
  search: ['catalog'],
  privacy: ['auth'],
  // Save for later and Move to cart work on the cart by its own rules (decision 088).
  wishlist: ['cart'],
}
for (const [name, uses] of Object.entries(apiModuleUses)) {
  for (const used of uses) {
    if (!apiModules.includes(used)) throw new Error(`apiModuleUses: ${name} uses unknown ${used}`)
  }
}
// No cycle between modules: a depth-first walk that meets a module on its own path fails.
const walkUses = (name, path) => {
  if (path.includes(name))
    throw new Error(`API modules form a cycle: ${[...path, name].join(' → ')}`)
  for (const used of apiModuleUses[name] ?? []) walkUses(used, [...path, name])
}
for (const name of apiModules) walkUses(name, [])

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/data/**',
      '.data/**',
      '**/coverage/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Scripts and CLIs talk to a person on a terminal.
    files: ['scripts/**', 'apps/api/src/cli/**', 'apps/api/bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Toasts go through lib/toast.ts: it loads sonner and mounts the Toaster with the first toast.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/lib/toast.ts',
      'apps/web/src/components/ui/sonner.tsx',
      '**/__tests__/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'sonner', message: "Import { toast } from '@/lib/toast' instead." }] },
      ],
    },
  },
  {
    // The API suite shares loaded modules between test files (apps/api/vitest.config.ts): a
    // module mock would leak into the files after it, so only *.isolated.test.ts files mock.
    files: ['apps/api/**/*.test.ts'],
    ignores: ['**/*.isolated.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'vi',
          property: 'mock',
          message: 'Name the file *.isolated.test.ts: other API test files share loaded modules.',
        },
        {
          object: 'vi',
          property: 'doMock',
          message: 'Name the file *.isolated.test.ts: other API test files share loaded modules.',
        },
      ],
    },
  },
  {
    // One clock (issue 27.4): the API's modules read the time from their dependencies' `now`,
    // which the app builds once and tests move; a wall-clock read says why in a comment.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*fixtures*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "Read the shop's clock (deps.now()) instead of new Date().",
        },
      ],
    },
  },
  {
    // Import boundaries (issue 15). A feature of the web app never imports another feature: only
    // the app layer (src/app, src/router.tsx, main.tsx, entry-server.tsx) composes them, and
    // what several features use lives in src/lib or src/components, which import no feature and
    // not the app layer. packages/shared is imported by the apps, never the reverse.
    // No import cycles in them or in the API (type-only imports do not count: they vanish at
    // build time).
    files: ['apps/web/**/*.{ts,tsx}', 'packages/shared/**/*.ts', 'apps/api/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the cycle check reads no TypeScript file, and so finds no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/web/tsconfig.json',
            'packages/shared/tsconfig.json',
            'apps/api/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          // Paths from the repository's root, wherever eslint is started.
          basePath: import.meta.dirname,
          zones: [
            ...webFeatures.map((feature) => ({
              target: `apps/web/src/features/${feature}`,
              from: 'apps/web/src/features',
              except: [`./${feature}`],
              message:
                'Features do not import each other: move what both use to src/lib or src/components, or compose them in src/app.',
            })),
            {
              target: 'apps/web/src/features',
              from: appLayerFiles,
              message: 'The app layer imports features, never the reverse.',
            },
            {
              target: ['apps/web/src/lib', 'apps/web/src/components', 'apps/web/src/test'],
              from: ['apps/web/src/features', ...appLayerFiles],
              message:
                'Shared code (src/lib, src/components, src/test) imports no feature and not the app layer.',
            },
            {
              target: 'packages/shared',
              from: 'apps',
              message: 'packages/shared is imported by the apps, never the reverse.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Borders between the API's modules (issue 27.2): a module imports another only through its
    // index.ts and only as apiModuleUses allows; infrastructure (the database layer, lib, the
    // config, the courier, payment and payout adapters, the plugins) imports no module. The app,
    // its jobs and the seed compose modules through their index.ts. Tests and fixtures may reach
    // in.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*fixtures*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...apiModules.map((name) => ({
              target: `apps/api/src/modules/${name}`,
              from: 'apps/api/src/modules',
              except: [
                `./${name}`,
                ...(apiModuleUses[name] ?? []).map((used) => `./${used}/index.ts`),
              ],
              message: `${name} may use only ${(apiModuleUses[name] ?? []).join(', ') || 'no module'}, through index.ts (apiModuleUses in eslint.config.js).`,
            })),
            {
              target: [
                'apps/api/src/db/schema',
                'apps/api/src/db/client.ts',
                'apps/api/src/lib',
                'apps/api/src/config.ts',
                'apps/api/src/couriers',
                'apps/api/src/payments',
                'apps/api/src/payouts',
                'apps/api/src/plugins',
              ],
              from: 'apps/api/src/modules',
              message: 'Infrastructure imports no module: the app passes what it needs in.',
            },
            {
              target: [
                'apps/api/src/app.ts',
                'apps/api/src/app-types.ts',
                'apps/api/src/jobs',
                'apps/api/src/db/seed',
              ],
              from: 'apps/api/src/modules',
              except: apiModules.map((name) => `./${name}/index.ts`),
              message: 'The app, the jobs and the seed use a module through its index.ts.',
            },
          ],
        },
      ],
    },
  },
)
