import { isIP } from 'node:net';

/**
 * CIVIC_OUTBOUND_ALLOW: the on-premise targets the server may call although they are on a private or
 * internal network (an adaptor's webhook, an external engine's handlers inside the agency). Outbound
 * calls to URLs an admin or editor typed refuse such addresses otherwise (sdk/server/http-client.ts).
 * Host names match exactly, or every subdomain with a leading `*.`; networks are addresses or CIDR.
 */
export interface OutboundAllowList {
  /** Lower-case host names, `*.example.internal` for every name below it. */
  readonly hosts: readonly string[];
  /** Addresses and CIDR networks (`10.20.0.0/16`, `fd12::/48`, `192.168.1.5`). */
  readonly networks: readonly string[];
}

export const NOTHING_ALLOWED: OutboundAllowList = { hosts: [], networks: [] };

const HOST_NAME = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

function network(entry: string): string | null {
  const [address, prefix, ...rest] = entry.replace(/^\[(.*)\]/, '$1').split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return null;
  if (prefix === undefined) return address;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128) ? `${address}/${Number(prefix)}` : null;
}

/** CIVIC_OUTBOUND_ALLOW → the allow-list, or the problem to report (the variable named). */
export function parseOutboundAllow(value: string | undefined): { allow: OutboundAllowList; problem?: string } {
  const entries = (value ?? '').split(',').map((entry) => entry.trim().toLowerCase().replace(/\.$/, '')).filter(Boolean);
  const hosts: string[] = [];
  const networks: string[] = [];
  const bad: string[] = [];
  for (const entry of entries) {
    const asNetwork = network(entry);
    if (asNetwork) networks.push(asNetwork);
    // A bare number or dotted digits is a mistyped address, not a host name.
    else if (HOST_NAME.test(entry) && !/^[\d.]+$/.test(entry)) hosts.push(entry);
    else bad.push(entry);
  }
  if (bad.length > 0) {
    return { allow: NOTHING_ALLOWED, problem: `CIVIC_OUTBOUND_ALLOW must be a comma-separated list of host names (*.name for its subdomains), addresses or networks (CIDR); not understood: ${bad.join(', ')}` };
  }
  return { allow: { hosts, networks } };
}
