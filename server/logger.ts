/** The server's log: one line per message; request logs never include query strings (tokens). */
export interface Logger {
  info(message: string): void
  warn(message: string): void
  error(message: string, error?: unknown): void
}

export const consoleLogger: Logger = {
  info: (message) => console.log(`${new Date().toISOString()} ${message}`),
  warn: (message) => console.warn(`${new Date().toISOString()} WARN ${message}`),
  error: (message, error) => console.error(`${new Date().toISOString()} ERROR ${message}`, error ?? ''),
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} }

/** `logger` with every line starting with `who` (each WEB_CONCURRENCY worker names its process). */
export function namedLogger(logger: Logger, who: string): Logger {
  return {
    info: (message) => logger.info(`${who} ${message}`),
    warn: (message) => logger.warn(`${who} ${message}`),
    error: (message, error) => logger.error(`${who} ${message}`, error),
  }
}
