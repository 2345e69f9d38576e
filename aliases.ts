import { fileURLToPath } from 'node:url'

/**
 * The renderer's import aliases: `@/...` is renderer/src, `@shared/...` the repo's shared/.
 * tsconfig.json's "paths" says the same for the type checker.
 */
export const rendererAliases = [
  { find: /^@\//, replacement: fileURLToPath(new URL('./renderer/src/', import.meta.url)) },
  { find: /^@shared\//, replacement: fileURLToPath(new URL('./shared/', import.meta.url)) },
]
