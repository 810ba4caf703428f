import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/**
 * The addresses a browser can open this server at: localhost and every IPv4 of the machine's
 * network interfaces that is not internal (a shop's tablet on the LAN). Each is accepted by the
 * origin check without PUBLIC_BASE_URL (plugins/origin-check.ts, docs/security.md#csrf).
 */
export function listenAddresses(port: number, interfaces: Interfaces = networkInterfaces()): string[] {
  const ips = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((i) => i.family === 'IPv4' && !i.internal)
    .map((i) => `http://${i.address}:${port}`);
  return [...new Set([`http://localhost:${port}`, ...ips])];
}
