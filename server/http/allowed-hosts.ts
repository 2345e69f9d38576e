import type { Middleware } from 'koa'
import { HttpError } from './errors'
import { requestMessages } from '#shared/messages'

export const UNKNOWN_HOST_MESSAGE = requestMessages.unknownHost

/**
 * The `Host` values (name or address, and port) a server answers to. A server reachable on the
 * local network answers only to the addresses it was given: a page from another site that points
 * a name of its own at this computer (DNS rebinding) gets no answer from it. The set can change
 * while the server runs: the desktop app adds its network address when sharing starts and
 * removes it when sharing stops.
 */
export class HostAllowlist {
  private hosts = new Set<string>()

  constructor(hosts: Iterable<string> = []) {
    this.set(hosts)
  }

  /** Replaces the allowed hosts, each `name:port` (`[v6]:port` for IPv6), in any case. */
  set(hosts: Iterable<string>): void {
    this.hosts = new Set([...hosts].map((host) => host.toLowerCase()))
  }

  list(): string[] {
    return [...this.hosts]
  }

  /** Whether a request's `Host` header names an allowed host (missing: not allowed). */
  allows(hostHeader: string | undefined): boolean {
    return hostHeader !== undefined && this.hosts.has(hostHeader.trim().toLowerCase())
  }
}

/** The hosts a loopback listener answers to: 127.0.0.1 and localhost on its port. */
export function loopbackHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`]
}

/**
 * Answers 421 Misdirected Request (in the contract's error body) to a request whose `Host` header
 * is not on the allowlist, before anything else of the app runs.
 */
export function allowedHostsOnly(allowlist: HostAllowlist): Middleware {
  return async (ctx, next) => {
    if (!allowlist.allows(ctx.get('Host') || undefined)) throw new HttpError(421, 'invalid_input', UNKNOWN_HOST_MESSAGE)
    await next()
  }
}
