// `npm run soak`: the reliability tests in their long form (tests/reliability: 50 kill -9 crashes
// instead of 5, a 60 s load run instead of 10 s, see each file). `npm test` runs the short form.
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs')
const result = spawnSync(process.execPath, [vitest, 'run', 'tests/reliability'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CARDWISE_SOAK: '1' },
})
process.exit(result.status ?? 1)
