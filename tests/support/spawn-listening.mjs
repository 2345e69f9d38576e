import { spawn } from 'node:child_process'

/**
 * Starts `node <script> ...args` and resolves once it prints `listening on <url>` (the server, the
 * desktop server, the bench's baseline servers all do), with the child, its URL and a way to stop
 * it. Fails, and kills the child, if it exits first or says nothing within `timeoutMs`; the
 * error carries everything it printed. The one spawn-and-wait of the tests, the bench and the
 * scripts.
 */
export function spawnListening(script, { args = [], nodeArgs = [], env = process.env, cwd, timeoutMs = 30_000, stdin = 'ignore' } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], { cwd, env, stdio: [stdin, 'pipe', 'pipe'] })
  let output = ''
  const exited = new Promise((resolve) => child.once('exit', () => resolve()))
  const stop = async (signal = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill(signal)
    await exited
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${script} did not start within ${timeoutMs} ms:\n${output}`))
    }, timeoutMs)
    const onData = (chunk) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve({ child, url: match[1], exited, output: () => output, stop })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`${script} exited with ${code ?? signal}:\n${output}`))
    })
  })
}
