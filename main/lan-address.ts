import os from 'node:os'

type Interfaces = ReturnType<typeof os.networkInterfaces>

/** Interfaces of virtual machines, containers and VPNs: students on the school network cannot reach those. */
const VIRTUAL_INTERFACE =
  /^(docker|br-|veth|virbr|vmnet|vboxnet|lxc|lxd|cni|flannel|podman|zt|tailscale|utun|tun|tap|wg|ham)|virtualbox|vmware|hyper-v|vethernet|wsl|loopback|bluetooth/i

/** Names that usually mean a real network card: Ethernet and Wi-Fi on Linux, macOS and Windows. */
const PHYSICAL_INTERFACE = /^(en|eth|wl|wlan|wi-?fi|ethernet|local area connection|wireless)/i

/** Private ranges (RFC 1918) first, as school networks use them: 192.168/16, 10/8, 172.16/12. */
function rangeRank(address: string): number {
  const [a = 0, b = 0] = address.split('.').map(Number)
  if (a === 192 && b === 168) return 0
  if (a === 10) return 1
  if (a === 172 && b >= 16 && b <= 31) return 2
  return 3
}

/**
 * The computer's IPv4 addresses that other devices on the local network can reach, best first:
 * no loopback, no link-local (169.254.x.x: no network configured), no virtual machine, container
 * or VPN interfaces; private ranges and real network cards first.
 */
export function lanAddresses(interfaces: Interfaces = os.networkInterfaces()): string[] {
  const candidates: { address: string; rank: number }[] = []
  for (const [name, entries] of Object.entries(interfaces)) {
    if (VIRTUAL_INTERFACE.test(name)) continue
    for (const entry of entries ?? []) {
      // Node 18.0 to 18.3 gave the family as a number.
      const ipv4 = entry.family === 'IPv4' || (entry.family as unknown) === 4
      if (!ipv4 || entry.internal || entry.address.startsWith('169.254.') || entry.address.startsWith('127.')) continue
      candidates.push({ address: entry.address, rank: rangeRank(entry.address) * 2 + (PHYSICAL_INTERFACE.test(name) ? 0 : 1) })
    }
  }
  return candidates.sort((a, b) => a.rank - b.rank).map((candidate) => candidate.address)
}

/** The address to show students, or undefined when the computer is on no network. */
export function lanAddress(interfaces?: Interfaces): string | undefined {
  return lanAddresses(interfaces)[0]
}
