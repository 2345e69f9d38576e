// `npm run dev`: the server rebuilt and restarted on change (port 3000), and Vite's dev server
// for the React app (port 5173) with /api proxied to it. Open http://localhost:5173.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'

const run = (command, args) => spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' })
const children = []

children.push(run('npx', ['vite', 'build', '--config', 'vite.server.config.ts', '--watch']))
const waitForServerBuild = setInterval(() => {
  if (!existsSync('dist/server/index.js')) return
  clearInterval(waitForServerBuild)
  children.push(run(process.execPath, ['--watch', 'dist/server/index.js']))
}, 250)
children.push(run('npx', ['vite']))

const stop = () => {
  for (const child of children) child.kill('SIGTERM')
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
