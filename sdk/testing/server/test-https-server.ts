import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One request the server received: method, path and body text. */
export interface ReceivedRequest {
  method: string;
  path: string;
  body: string;
  /** Request headers, names in lower case. */
  headers: Record<string, string | string[] | undefined>;
}

/** What the handler answers: a status, optional headers and a body. */
export interface TestAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface TestHttpsServer {
  /** `https://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** The self-signed certificate (PEM), valid for 127.0.0.1, ::1, localhost and the extra names. */
  cert: Buffer;
  received: ReceivedRequest[];
  /** Makes the process's https agent trust (true) or stop trusting (false) the certificate. */
  trust(on: boolean): void;
  close(): Promise<void>;
}

/**
 * A loopback HTTPS server for tests of outbound calls (webhooks, external engines), its certificate
 * generated on the spot by openssl. Outbound calls use the process's https agent, so `trust(true)`
 * (the default) makes them accept it; the previous trust is put back on close.
 */
export async function startTestHttpsServer(handler: (request: ReceivedRequest) => TestAnswer, options: { names?: string[]; trust?: boolean } = {}): Promise<TestHttpsServer> {
  const dir = mkdtempSync(join(tmpdir(), 'test-https-'));
  const altNames = ['IP:127.0.0.1', 'IP:::1', 'DNS:localhost', ...(options.names ?? []).map((name) => `DNS:${name}`)].join(',');
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', `subjectAltName=${altNames}`, '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    const key = readFileSync(join(dir, 'key.pem'));
    const cert = readFileSync(join(dir, 'cert.pem'));
    const received: ReceivedRequest[] = [];
    const server = https.createServer({ key, cert }, (req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const request = { method: req.method ?? 'GET', path: req.url ?? '/', body, headers: req.headers };
        received.push(request);
        const answer = handler(request);
        res.writeHead(answer.status, answer.headers).end(answer.body ?? '');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const previousCa = https.globalAgent.options.ca;
    const trust = (on: boolean) => {
      https.globalAgent.options.ca = on ? cert : previousCa;
    };
    trust(options.trust ?? true);
    return {
      url: `https://127.0.0.1:${port}`,
      port,
      cert,
      received,
      trust,
      close: () => {
        trust(false);
        server.closeAllConnections();
        return new Promise((resolve) => server.close(() => resolve()));
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A plain-HTTP loopback server with the same handler shape: for a test identity provider, which the
 * OpenID Connect client accepts over http on loopback only (an https one would need its
 * certificate trusted by fetch, which does not use the https agent).
 */
export async function startTestHttpServer(handler: (request: ReceivedRequest) => TestAnswer): Promise<{ url: string; received: ReceivedRequest[]; close(): Promise<void> }> {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', path: req.url ?? '/', body, headers: req.headers };
      received.push(request);
      const answer = handler(request);
      res.writeHead(answer.status, answer.headers).end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
