import type os from 'node:os'
import { describe, expect, it } from 'vitest'
import { lanAddress, lanAddresses } from './lan-address'

type Interfaces = ReturnType<typeof os.networkInterfaces>
const v4 = (address: string, internal = false) => ({
  address,
  family: 'IPv4' as const,
  internal,
  netmask: '255.255.255.0',
  mac: '00:00:00:00:00:00',
  cidr: `${address}/24`,
})
const v6 = (address: string) => ({
  address,
  family: 'IPv6' as const,
  internal: false,
  netmask: 'ffff:ffff:ffff:ffff::',
  mac: '00:00:00:00:00:00',
  cidr: `${address}/64`,
  scopeid: 0,
})

describe('lanAddress', () => {
  it('picks the Wi-Fi or Ethernet address in a private range over docker, VPN, link-local and loopback', () => {
    const interfaces: Interfaces = {
      lo: [v4('127.0.0.1', true)],
      docker0: [v4('172.17.0.1')],
      tailscale0: [v4('100.101.102.103')],
      'br-3f2a': [v4('172.18.0.1')],
      eth1: [v4('169.254.10.20')],
      wlp2s0: [v6('fe80::1'), v4('192.168.1.23')],
    }
    expect(lanAddress(interfaces)).toBe('192.168.1.23')
    expect(lanAddresses(interfaces)).toEqual(['192.168.1.23'])
  })

  it('prefers 192.168 over 10 over 172.16-31, and a real card over an unknown name in the same range', () => {
    const interfaces: Interfaces = {
      'Ethernet 2': [v4('172.20.5.9')],
      weird0: [v4('10.0.0.8')],
      en0: [v4('10.1.2.3')],
      'Wi-Fi': [v4('192.168.0.40')],
    }
    expect(lanAddresses(interfaces)).toEqual(['192.168.0.40', '10.1.2.3', '10.0.0.8', '172.20.5.9'])
  })

  it('skips Windows virtual adapters and gives nothing on a computer without a network', () => {
    expect(
      lanAddress({
        'vEthernet (WSL)': [v4('172.29.96.1')],
        'VirtualBox Host-Only Network': [v4('192.168.56.1')],
        'Loopback Pseudo-Interface 1': [v4('127.0.0.1', true)],
      }),
    ).toBeUndefined()
    expect(lanAddress({})).toBeUndefined()
  })
})
