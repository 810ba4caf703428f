import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { listenAddresses } from '#server/lib/listen-addresses.ts';

const v4 = (address: string, internal = false) =>
  ({
    address,
    family: 'IPv4',
    internal,
    netmask: '255.255.255.0',
    mac: '',
    cidr: null,
  }) as NetworkInterfaceInfo;
const v6 = (address: string) =>
  ({
    address,
    family: 'IPv6',
    internal: false,
    netmask: '',
    mac: '',
    cidr: null,
    scopeid: 0,
  }) as NetworkInterfaceInfo;

describe('the addresses the start message prints', () => {
  it.each([
    ['only loopback', { lo: [v4('127.0.0.1', true)] }, ['http://localhost:5000']],
    [
      'one LAN card',
      { lo: [v4('127.0.0.1', true)], eth0: [v4('192.168.1.20'), v6('fe80::1')] },
      ['http://localhost:5000', 'http://192.168.1.20:5000'],
    ],
    [
      'two cards, no IPv6',
      { eth0: [v4('10.0.0.4')], wlan0: [v4('192.168.8.3')], docker0: [v6('fd00::2')] },
      ['http://localhost:5000', 'http://10.0.0.4:5000', 'http://192.168.8.3:5000'],
    ],
    ['an interface without addresses', { eth1: undefined }, ['http://localhost:5000']],
  ])('%s', (_, interfaces, expected) => {
    expect(listenAddresses(5000, interfaces)).toEqual(expected);
  });
});
