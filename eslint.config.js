import { readdirSync } from 'node:fs'
import tsParser from '@typescript-eslint/parser'

/**
 * The renderer's house rules (docs/renderer.md): where each kind of code may import from.
 *   app/        the shell: may import everything
 *   pages/      thin route components: features, components, lib (never app/)
 *   features/X  one feature: its own files, components, lib, and other features only through
 *               their public entry `@/features/Y` (index.ts), never their internals
 *   components/ the design system, and lib/: import no feature, page or the shell
 * Everywhere in the renderer: `./` for the same folder, `@/...` and `#shared/...` for anything else (no `../`).
 * shared/ is used by the server and the renderer, so it imports neither.
 */
const FEATURES = readdirSync(new URL('./renderer/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const NO_CLIMBING = { group: ['../*', '../**'], message: "Import with '@/...' or '#shared/...' instead of climbing folders with '../'." }
const NO_SHELL = { group: ['@/app', '@/app/**'], message: 'Only the app shell imports app/.' }
const NO_PAGES = { group: ['@/pages', '@/pages/**'], message: 'Pages are route components: only the router (app/) imports them.' }
const NO_FEATURES = {
  group: ['@/features', '@/features/**'],
  message: 'components/ and lib/ import no feature: hand values in, or move the piece into components/ or lib/.',
}

/** features/X may use another feature only through its index.ts: `@/features/Y`, never `@/features/Y/file`. */
const otherFeaturesInternals = (feature) => ({
  group: ['@/features/*/**', `!@/features/${feature}/**`],
  message: `A feature uses another only through its public entry ('@/features/<name>', its index.ts), never its internals.`,
})

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns: [NO_CLIMBING, ...patterns] }] })

export default [
  { ignores: ['dist/**', 'out/**', 'release/**', 'node_modules/**'] },
  {
    files: ['renderer/src/**/*.{ts,tsx}', 'shared/**/*.ts'],
    languageOptions: { parser: tsParser, parserOptions: { ecmaFeatures: { jsx: true } } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  { files: ['renderer/src/**/*.{ts,tsx}'], rules: restrict() },
  { files: ['renderer/src/pages/**'], rules: restrict(NO_SHELL) },
  { files: ['renderer/src/components/**', 'renderer/src/lib/**'], rules: restrict(NO_SHELL, NO_PAGES, NO_FEATURES) },
  ...FEATURES.map((feature) => ({
    files: [`renderer/src/features/${feature}/**`],
    rules: restrict(NO_SHELL, NO_PAGES, otherFeaturesInternals(feature)),
  })),
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/**', '#server/**', '#tests/**', '**/renderer/**', '**/server/**'],
              message: 'shared/ is used by the server and the renderer: it imports neither.',
            },
          ],
        },
      ],
    },
  },
]
