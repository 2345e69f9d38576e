import { readdirSync } from 'node:fs'
import tsParser from '@typescript-eslint/parser'

/**
 * The house rules on imports: where each kind of code may import from. ESLint reads every
 * TypeScript and JavaScript file of the repo (`npm run lint` is `eslint .`); the rules below are
 * import rules, the rest is TypeScript's (`npm run typecheck`) and Biome's (`npm run format:check`).
 *
 * Everywhere: `./` for the same folder, an alias for anything else (`#server/...`, `#shared/...`,
 * `#tests/...`, the renderer's `@/...`), never `../` climbing folders.
 *
 * The renderer (docs/renderer.md):
 *   app/        the shell: may import everything
 *   pages/      thin route components: features, components, lib (never app/)
 *   features/X  one feature: its own files, components, lib, and other features only through
 *               their public entry `@/features/Y` (index.ts), never their internals
 *   components/ the design system, and lib/: import no feature, page or the shell
 *
 * The server (docs/server.md):
 *   features/X  one feature: its own files, the infrastructure, and another feature only through
 *               its service (`#server/features/Y/*.service`) or its types file (`*.types`), never
 *               its repo, mapper, routes or helpers
 *   access/, http/, db/, mail/, events/, text/, config, logger, clock, deps: the infrastructure,
 *               which imports no feature (features ask it, never the other way round)
 *   app.ts, start.ts, index.ts, eval-memory.ts: the composition roots, which wire features together
 *
 * shared/ is used by the server and the renderer, so it imports neither. The renderer imports
 * nothing of the server or the tests; the server and main nothing of the renderer.
 */
const SERVER_FEATURES = readdirSync(new URL('./server/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const RENDERER_FEATURES = readdirSync(new URL('./renderer/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/** The server's infrastructure: what features build on, which imports no feature. */
const SERVER_INFRASTRUCTURE = [
  'server/access/**',
  'server/http/**',
  'server/db/**',
  'server/mail/**',
  'server/events/**',
  'server/text/**',
  'server/config.ts',
  'server/logger.ts',
  'server/clock.ts',
  'server/deps.ts',
]

const NO_CLIMBING = {
  group: ['../*', '../**'],
  message: "Import with an alias ('#server/...', '#shared/...', '#tests/...', '@/...') instead of climbing folders with '../'.",
}
const NO_SHELL = { group: ['@/app', '@/app/**'], message: 'Only the app shell imports app/.' }
const NO_PAGES = { group: ['@/pages', '@/pages/**'], message: 'Pages are route components: only the router (app/) imports them.' }
const NO_FEATURES = {
  group: ['@/features', '@/features/**'],
  message: 'components/ and lib/ import no feature: hand values in, or move the piece into components/ or lib/.',
}
const NO_SERVER_SIDE = {
  group: ['#server', '#server/**', '#tests', '#tests/**', '**/server/**', '**/tests/**'],
  message: 'The renderer runs in the browser: it imports nothing of the server or the tests (shared code lives in shared/).',
}
const NO_RENDERER = {
  group: ['@/**', '**/renderer/**'],
  message: 'The server and the desktop shell import nothing of the renderer (shared code lives in shared/).',
}
const NO_SERVER_FEATURES = {
  group: ['#server/features', '#server/features/**'],
  message: 'Infrastructure imports no feature: features ask the infrastructure, never the other way round.',
}

/** renderer features/X may use another feature only through its index.ts: `@/features/Y`, never `@/features/Y/file`. */
const otherRendererFeaturesInternals = (feature) => ({
  group: ['@/features/*/**', `!@/features/${feature}/**`],
  message: `A feature uses another only through its public entry ('@/features/<name>', its index.ts), never its internals.`,
})

/** server features/X may use another feature only through its service (or types) file, never its repo, mapper or routes. */
const otherServerFeaturesInternals = (feature) => ({
  group: ['#server/features/*/**', `!#server/features/${feature}/**`, '!#server/features/*/*.service', '!#server/features/*/*.types'],
  message: "A server feature uses another only through its service ('#server/features/<name>/<x>.service') or types file, never its repo, mapper or routes.",
})

/**
 * The patterns are gitignore patterns, where a leading `#` starts a comment: `#server/**` would
 * match nothing. So the aliases' `#` is escaped here, once for every rule.
 */
const escapeHash = (pattern) => pattern.replace(/^(!?)#/, '$1\\#')
const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [NO_CLIMBING, ...patterns].map((entry) => ({ ...entry, group: entry.group.map(escapeHash) })) }],
})

/**
 * Issue 30: every text the interface shows comes from the catalogs (renderer/src/locales/), so a
 * JSX text with a letter in it, or a user-visible attribute (alt, aria-label, title, placeholder,
 * label...) given a literal string with a letter, is an error in the renderer's components. Class
 * names, ids, test ids, routes and symbols (`·`, `×`, `☰`) are not texts and stay allowed.
 */
const VISIBLE_ATTRIBUTES = new Set([
  'alt',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'label',
  'value',
])
/** Names that stay as they are in every language. */
const BRAND_NAMES = /\b(Cardwise|Anki|Quizlet|KaTeX)\b/g
const hasWords = (text) => /\p{L}/u.test(text.replace(BRAND_NAMES, ''))
const literalText = (node) => {
  if (!node) return null
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value
  if (node.type === 'TemplateLiteral') return node.quasis.map((quasi) => quasi.value.cooked).join('')
  if (node.type === 'JSXExpressionContainer') return literalText(node.expression)
  // `{done ? 'Saved' : 'Save'}`, `{error && 'Failed'}`: either branch is shown.
  if (node.type === 'ConditionalExpression')
    return [literalText(node.consequent), literalText(node.alternate)].filter((text) => text !== null).join(' ') || null
  if (node.type === 'LogicalExpression') return literalText(node.right)
  return null
}
const noLiteralUiText = {
  meta: { type: 'problem', messages: { text: 'Interface text "{{text}}" belongs in the catalogs (renderer/src/locales/): use t(...) or <T id=... />.' } },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 40) } })
    return {
      JSXText(node) {
        if (hasWords(node.value)) report(node, node.value)
      },
      JSXExpressionContainer(node) {
        if (node.parent.type !== 'JSXElement' && node.parent.type !== 'JSXFragment') return
        const text = literalText(node.expression)
        if (text !== null && hasWords(text)) report(node, text)
      },
      // The page's title (the tab, the history, what a screen reader announces on navigation).
      CallExpression(node) {
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'useDocumentTitle') return
        for (const argument of node.arguments) {
          const text = literalText(argument)
          if (text !== null && hasWords(text)) report(argument, text)
        }
      },
      JSXAttribute(node) {
        if (node.name.type !== 'JSXIdentifier' || !VISIBLE_ATTRIBUTES.has(node.name.name)) return
        // <option value="de"> and <input value="..."> carry data, not text, when the element is not a button.
        if (node.name.name === 'value') return
        const text = literalText(node.value)
        if (text !== null && hasWords(text)) report(node, text)
      },
    }
  },
}

export default [
  { ignores: ['dist/**', 'out/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**'] },
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { parser: tsParser, parserOptions: { ecmaFeatures: { jsx: true } } },
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  // Everywhere: no climbing.
  { files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'], rules: restrict() },
  // The renderer.
  { files: ['renderer/src/**'], rules: restrict(NO_SERVER_SIDE) },
  { files: ['renderer/src/pages/**'], rules: restrict(NO_SERVER_SIDE, NO_SHELL) },
  { files: ['renderer/src/components/**', 'renderer/src/lib/**'], rules: restrict(NO_SERVER_SIDE, NO_SHELL, NO_PAGES, NO_FEATURES) },
  ...RENDERER_FEATURES.map((feature) => ({
    files: [`renderer/src/features/${feature}/**`],
    rules: restrict(NO_SERVER_SIDE, NO_SHELL, NO_PAGES, otherRendererFeaturesInternals(feature)),
  })),
  // Interface texts come from the catalogs (issue 30).
  {
    files: ['renderer/src/**/*.tsx'],
    ignores: ['renderer/src/**/*.test.tsx'],
    plugins: { cardwise: { rules: { 'no-literal-ui-text': noLiteralUiText } } },
    rules: { 'cardwise/no-literal-ui-text': 'error' },
  },
  // Server data loads through useServerData (renderer/src/lib/server-data.ts), and an action's
  // requests go through useLatestCall (renderer/src/lib/latest-call.ts), never a hand-written
  // AbortController with its own loading and error state.
  {
    files: ['renderer/src/features/**', 'renderer/src/pages/**', 'renderer/src/app/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='AbortController']",
          message:
            "Load server data with useServerData from '@/lib/server-data' (it cancels, shares and refreshes loads), and run an action's requests with useLatestCall from '@/lib/latest-call', not an AbortController of your own.",
        },
      ],
    },
  },
  // The server and the desktop shell.
  { files: ['server/**', 'main/**'], rules: restrict(NO_RENDERER) },
  { files: SERVER_INFRASTRUCTURE, rules: restrict(NO_RENDERER, NO_SERVER_FEATURES) },
  ...SERVER_FEATURES.map((feature) => ({
    files: [`server/features/${feature}/**`],
    rules: restrict(NO_RENDERER, otherServerFeaturesInternals(feature)),
  })),
  // shared/: neither side.
  {
    files: ['shared/**'],
    rules: restrict({
      group: ['@/**', '#server', '#server/**', '#tests', '#tests/**', '**/renderer/**', '**/server/**'],
      message: 'shared/ is used by the server and the renderer: it imports neither.',
    }),
  },
]
