import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { RequestError } from 'got';
import type { OutboundAllowList } from '@civic/core/server/config/outbound-allow';
import { addressKind, networkList, unbracket } from './outbound-address';

/**
 * The one way the server calls a URL an admin or editor typed (adaptor connection tests, external
 * engine handlers, later LLM and credential tests), built on got. Such a URL must not become a probe
 * of the agency's network or the cloud's metadata service, so:
 * - https only, no redirects (a 3xx is an answer like any other status);
 * - the host is resolved once and refused when any address is internal (outbound-address.ts) and not
 *   allowed by CIVIC_OUTBOUND_ALLOW, or is a metadata address (never allowed);
 * - the connection goes to the addresses that were checked (got's dnsLookup answers from them), so a
 *   second DNS answer (rebinding) cannot switch the target;
 * - refused, unreachable, reset and timed-out connections all fail with one message, and no sooner than
 *   the timeout, so neither the message nor the time tells an open port from a closed one.
 */

export type OutboundFailure = 'invalid-url' | 'not-https' | 'refused-address' | 'host-not-found' | 'unreachable' | 'certificate' | 'too-large';

export const OutboundMessages: Readonly<Record<OutboundFailure, string>> = {
  'invalid-url': 'Not a valid URL',
  'not-https': 'Only https:// addresses can be called',
  'refused-address': 'The address is on a private or internal network; an operator must allow it (CIVIC_OUTBOUND_ALLOW)',
  'host-not-found': 'Host not found',
  unreachable: 'No connection, or no answer in time',
  certificate: "The server's certificate is not trusted",
  'too-large': 'The answer is too large',
};

/** A call that did not get an answer: `reason` for code, `message` fit to show the admin. */
export class OutboundError extends Error {
  constructor(readonly reason: OutboundFailure) {
    super(OutboundMessages[reason]);
    this.name = 'OutboundError';
  }
}

export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'PUT';
  /** Sent as a JSON body. */
  json?: unknown;
  headers?: Record<string, string>;
  /** The whole call, name resolution included; failures to connect answer at this time, not before. */
  timeoutMs: number;
  /** Largest answer read (default 1 MiB); more is a `too-large` failure. */
  maxBytes?: number;
}

/** Any status is an answer (2xx or not); the caller decides what it means. */
export interface OutboundResponse {
  status: number;
  body: string;
}

/** How a host name becomes addresses; tests give their own to act as a DNS server. */
export type OutboundResolver = (host: string) => Promise<LookupAddress[]>;

export interface OutboundClientOptions {
  resolve?: OutboundResolver;
}

const DEFAULT_MAX_BYTES = 1024 * 1024;

const CERTIFICATE_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
]);

const systemResolver: OutboundResolver = (host) => lookup(host, { all: true, verbatim: true });

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A dnsLookup that answers only with the checked addresses, whatever DNS would say now. */
function pinnedLookup(addresses: LookupAddress[]) {
  return (_host: string, options: { all?: boolean; family?: number | string } | number | LookupCallback, callback?: LookupCallback): void => {
    const done = (typeof options === 'function' ? options : callback) as LookupCallback;
    const opts = typeof options === 'object' ? options : {};
    const family = opts.family === 'IPv4' ? 4 : opts.family === 'IPv6' ? 6 : Number(opts.family ?? (typeof options === 'number' ? options : 0));
    const usable = family === 4 || family === 6 ? addresses.filter((entry) => entry.family === family) : addresses;
    if (usable.length === 0) {
      done(Object.assign(new Error('no pinned address of that family'), { code: 'ENOTFOUND' }), []);
      return;
    }
    if (opts.all) done(null, usable);
    else done(null, usable[0].address, usable[0].family);
  };
}

function hostAllowed(host: string, hosts: readonly string[]): boolean {
  return hosts.some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry));
}

export class OutboundClient {
  private readonly allowedNetworks;
  private readonly resolve: OutboundResolver;

  constructor(
    private readonly allow: OutboundAllowList,
    options: OutboundClientOptions = {},
  ) {
    this.allowedNetworks = networkList(allow.networks);
    this.resolve = options.resolve ?? systemResolver;
  }

  /** Calls `url` once (no retries, no redirects); an answer of any status, or an OutboundError. */
  async request(url: string, request: OutboundRequest): Promise<OutboundResponse> {
    const started = performance.now();
    const target = this.parse(url);
    const addresses = await this.destination(target, request.timeoutMs);
    const remaining = Math.max(1, request.timeoutMs - (performance.now() - started));
    try {
      return await this.send(target, addresses, request, remaining);
    } catch (error) {
      const failure = error instanceof OutboundError ? error : this.failureOf(error);
      if (failure.reason === 'unreachable') {
        // A refused port answers at once, a filtered one at the timeout: answer both at the timeout.
        const wait = request.timeoutMs - (performance.now() - started);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      throw failure;
    }
  }

  /** May this client call `url` at all (scheme and form only; addresses are checked when called)? */
  static problemOf(url: string): OutboundFailure | null {
    try {
      return new URL(url).protocol === 'https:' ? null : 'not-https';
    } catch {
      return 'invalid-url';
    }
  }

  private parse(url: string): URL {
    const problem = OutboundClient.problemOf(url);
    if (problem) throw new OutboundError(problem);
    const target = new URL(url);
    if (target.username || target.password) throw new OutboundError('invalid-url');
    return target;
  }

  /** The addresses to connect to: every one the host resolves to, each allowed. */
  private async destination(target: URL, timeoutMs: number): Promise<LookupAddress[]> {
    const host = unbracket(target.hostname).toLowerCase().replace(/\.$/, '');
    const literal = isIP(host);
    let addresses: LookupAddress[];
    if (literal !== 0) {
      addresses = [{ address: host, family: literal }];
    } else {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new OutboundError('host-not-found')), timeoutMs);
      });
      addresses = await Promise.race([this.resolve(host), timedOut])
        .catch((error: unknown) => {
          throw error instanceof OutboundError ? error : new OutboundError('host-not-found');
        })
        .finally(() => clearTimeout(timer));
      if (addresses.length === 0) throw new OutboundError('host-not-found');
    }
    const byName = literal === 0 && hostAllowed(host, this.allow.hosts);
    for (const { address, family } of addresses) {
      const kind = addressKind(address);
      if (kind === 'public') continue;
      const allowed = kind === 'internal' && (byName || this.allowedNetworks.check(address, family === 4 ? 'ipv4' : 'ipv6'));
      if (!allowed) throw new OutboundError('refused-address');
    }
    return addresses;
  }

  private async send(target: URL, addresses: LookupAddress[], request: OutboundRequest, timeoutMs: number): Promise<OutboundResponse> {
    const maxBytes = request.maxBytes ?? DEFAULT_MAX_BYTES;
    const { default: got } = await loadGot();
    const call = got(target, {
      method: request.method ?? 'GET',
      ...(request.json === undefined ? {} : { json: request.json }),
      headers: request.headers,
      dnsLookup: pinnedLookup(addresses) as never,
      timeout: { request: timeoutMs },
      retry: { limit: 0 },
      followRedirect: false,
      throwHttpErrors: false,
      responseType: 'text',
    });
    let tooLarge = false;
    call.on('downloadProgress', (progress: { transferred: number }) => {
      if (progress.transferred > maxBytes && !tooLarge) {
        tooLarge = true;
        call.cancel();
      }
    });
    try {
      const response = await call;
      return { status: response.statusCode, body: response.body };
    } catch (error) {
      if (tooLarge) throw new OutboundError('too-large');
      throw error;
    }
  }

  private failureOf(error: unknown): OutboundError {
    const code = loadedGot && error instanceof loadedGot.RequestError ? (error as RequestError).code : (error as NodeJS.ErrnoException | undefined)?.code;
    return new OutboundError(code && CERTIFICATE_CODES.has(code) ? 'certificate' : 'unreachable');
  }
}

let loadedGot: typeof import('got') | undefined;

/** got is loaded on the first call, not with the server's code. */
async function loadGot(): Promise<typeof import('got')> {
  loadedGot ??= await import('got');
  return loadedGot;
}

/** The client for calls to typed URLs, from the deployment's allow-list (`api.deployment.outboundAllow`). */
export function createOutboundClient(allow: OutboundAllowList, options: OutboundClientOptions = {}): OutboundClient {
  return new OutboundClient(allow, options);
}
