import { fileURLToPath } from 'node:url'

/**
 * The renderer's import alias: `@/...` is renderer/src (tsconfig.json's "paths" says the same for
 * the type checker). The repo's own folders outside the renderer are package.json "imports"
 * (`#shared/...`, `#server/...`, `#tests/...`), which Node, TypeScript and Vite all read there.
 */
export const rendererAliases = [{ find: /^@\//, replacement: fileURLToPath(new URL('./renderer/src/', import.meta.url)) }]
