/**
 * The outbound client (issue 15): typed URLs may not reach internal addresses in any spelling, the
 * checked address is the one connected to, and a closed port reads like a silent one. The loopback
 * HTTPS server is reachable only through the allow-list.
 */
import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { startTestHttpsServer, type TestHttpsServer } from '@civic/sdk/testing/server';
import { addressKind } from './outbound-address';
import { createOutboundClient, OutboundError, OutboundMessages, type OutboundFailure } from './http-client';

let server: TestHttpsServer;
const NOTHING = { hosts: [], networks: [] };
const LOOPBACK_ALLOWED = { hosts: [], networks: ['127.0.0.1'] };

before(async () => {
  server = await startTestHttpsServer(
    ({ path }) => {
      if (path === '/moved') return { status: 302, headers: { location: '/ok' } };
      if (path === '/big') return { status: 200, body: 'x'.repeat(10_000) };
      return { status: 200, body: 'hello' };
    },
    { names: ['engine.example.test', 'hook.corp.example.test'] },
  );
});

after(() => server.close());

async function failureOf(promise: Promise<unknown>): Promise<OutboundFailure> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof OutboundError, String(error));
    assert.equal(error.message, OutboundMessages[error.reason]);
    return error.reason;
  }
  assert.fail('the call was answered');
}

/** A resolver that answers `addresses` for every name, and counts the questions. */
function fakeDns(...answers: string[][]) {
  const asked: string[] = [];
  const resolve = async (host: string): Promise<LookupAddress[]> => {
    const answer = answers[Math.min(asked.length, answers.length - 1)];
    asked.push(host);
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { asked, resolve };
}

test('addresses: loopback, private, link-local, CGNAT, unique-local, IPv4 inside IPv6 and the like are internal; metadata is its own kind', () => {
  for (const address of ['127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.1.1', '100.64.0.1', '100.127.255.254', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', '[::1]', 'fc00::1', 'fd12:3456::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:a00:1', '::ffff:8.8.8.8', '64:ff9b::7f00:1', '2002:7f00:1::1', '::127.0.0.1']) {
    assert.equal(addressKind(address), 'internal', address);
  }
  for (const address of ['169.254.169.254', '169.254.170.2', '100.100.100.200', 'fd00:ec2::254', '[fd00:ec2::254]', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe']) {
    assert.equal(addressKind(address), 'metadata', address);
  }
  for (const address of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111']) assert.equal(addressKind(address), 'public', address);
  assert.equal(addressKind('engine.example.test'), null);
});

test('every spelling of an internal address is refused before any connection, and the server hears nothing', async () => {
  const client = createOutboundClient(NOTHING);
  const port = server.port;
  const urls = [
    `https://127.0.0.1:${port}/`,
    `https://localhost:${port}/`,
    `https://2130706433:${port}/`,
    `https://0x7f000001:${port}/`,
    `https://0x7f.1:${port}/`,
    `https://0177.0.0.1:${port}/`,
    `https://127.1:${port}/`,
    `https://127.0.1:${port}/`,
    `https://[::1]:${port}/`,
    `https://[::ffff:127.0.0.1]:${port}/`,
    `https://[::ffff:7f00:1]:${port}/`,
    `https://[0:0:0:0:0:ffff:7f00:1]:${port}/`,
    `https://[0000:0000:0000:0000:0000:0000:0000:0001]:${port}/`,
    `https://0.0.0.0:${port}/`,
    `https://[::]:${port}/`,
    'https://10.0.0.1/',
    'https://172.16.5.4/',
    'https://192.168.1.1/',
    'https://100.64.0.1/',
    'https://169.254.169.254/latest/meta-data/',
    'https://0xa9fea9fe/latest/meta-data/',
    'https://[fd00:ec2::254]/latest/meta-data/',
    'https://[fe80::1]/',
    'https://[fc00::1]/',
  ];
  for (const url of urls) assert.equal(await failureOf(client.request(url, { timeoutMs: 2_000 })), 'refused-address', url);
  assert.equal(server.received.length, 0);
});

test('https only; user info in the URL is refused', async () => {
  const client = createOutboundClient({ hosts: ['*.example.test'], networks: ['0.0.0.0/0'] });
  assert.equal(await failureOf(client.request(`http://127.0.0.1:${server.port}/`, { timeoutMs: 1_000 })), 'not-https');
  assert.equal(await failureOf(client.request('ftp://engine.example.test/', { timeoutMs: 1_000 })), 'not-https');
  assert.equal(await failureOf(client.request('not a url', { timeoutMs: 1_000 })), 'invalid-url');
  assert.equal(await failureOf(client.request(`https://user:pw@127.0.0.1:${server.port}/`, { timeoutMs: 1_000 })), 'invalid-url');
});

test('the allow-list lets an on-premise target through: by network, or by host name', async () => {
  const byNetwork = await createOutboundClient(LOOPBACK_ALLOWED).request(`${server.url}/ok`, { method: 'POST', json: { ping: 1 }, timeoutMs: 5_000 });
  assert.deepEqual(byNetwork, { status: 200, body: 'hello' });
  const { method, path, body } = server.received.at(-1) ?? {};
  assert.deepEqual({ method, path, body }, { method: 'POST', path: '/ok', body: '{"ping":1}' });

  const dns = fakeDns(['127.0.0.1']);
  const byName = await createOutboundClient({ hosts: ['*.corp.example.test'], networks: [] }, { resolve: dns.resolve }).request(`https://hook.corp.example.test:${server.port}/ok`, { timeoutMs: 5_000 });
  assert.equal(byName.status, 200);
  // Another name on the same address is not allowed by that entry.
  const other = createOutboundClient({ hosts: ['*.corp.example.test'], networks: [] }, { resolve: fakeDns(['127.0.0.1']).resolve });
  assert.equal(await failureOf(other.request(`https://engine.example.test:${server.port}/ok`, { timeoutMs: 5_000 })), 'refused-address');
});

test('a name with any internal address is refused; metadata addresses are refused even when allowed', async () => {
  const mixed = createOutboundClient(NOTHING, { resolve: fakeDns(['93.184.216.34', '10.0.0.5']).resolve });
  assert.equal(await failureOf(mixed.request('https://engine.example.test/', { timeoutMs: 1_000 })), 'refused-address');
  const metadata = createOutboundClient({ hosts: ['engine.example.test'], networks: ['169.254.0.0/16', 'fd00::/8'] }, { resolve: fakeDns(['169.254.169.254']).resolve });
  assert.equal(await failureOf(metadata.request('https://engine.example.test/', { timeoutMs: 1_000 })), 'refused-address');
  assert.equal(await failureOf(metadata.request('https://169.254.169.254/', { timeoutMs: 1_000 })), 'refused-address');
  assert.equal(await failureOf(metadata.request('https://[fd00:ec2::254]/', { timeoutMs: 1_000 })), 'refused-address');
});

test('the host is resolved once and the checked address is the one connected to (DNS rebinding cannot switch it)', async () => {
  // The first answer is allowed; any later one points elsewhere (nothing listens on 127.0.0.2).
  const dns = fakeDns(['127.0.0.1'], ['127.0.0.2']);
  const client = createOutboundClient({ hosts: [], networks: ['127.0.0.0/8'] }, { resolve: dns.resolve });
  const answer = await client.request(`https://engine.example.test:${server.port}/ok`, { timeoutMs: 5_000 });
  assert.equal(answer.status, 200);
  assert.deepEqual(dns.asked, ['engine.example.test']);
});

test('redirects are answers, not followed; an answer past maxBytes is refused', async () => {
  const client = createOutboundClient(LOOPBACK_ALLOWED);
  const before_ = server.received.length;
  const moved = await client.request(`${server.url}/moved`, { timeoutMs: 5_000 });
  assert.equal(moved.status, 302);
  assert.equal(server.received.length, before_ + 1);
  assert.equal(await failureOf(client.request(`${server.url}/big`, { timeoutMs: 5_000, maxBytes: 1_000 })), 'too-large');
});

test('refused, silent and non-TLS ports fail alike, with one message, none before the timeout', async () => {
  const sockets = new Set<Socket>();
  const listen = (onConnection: (socket: Socket) => void) =>
    new Promise<Server>((resolve) => {
      const tcp = createServer((socket) => {
        sockets.add(socket);
        onConnection(socket);
      });
      tcp.listen(0, '127.0.0.1', () => resolve(tcp));
    });
  const silent = await listen(() => undefined);
  const plain = await listen((socket) => socket.end('HTTP/1.1 200 OK\r\n\r\n'));
  const closed = await listen(() => undefined);
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  try {
    const client = createOutboundClient(LOOPBACK_ALLOWED);
    const timeoutMs = 300;
    for (const port of [closedPort, (silent.address() as AddressInfo).port, (plain.address() as AddressInfo).port]) {
      const started = performance.now();
      assert.equal(await failureOf(client.request(`https://127.0.0.1:${port}/`, { timeoutMs })), 'unreachable', `port ${port}`);
      assert.ok(performance.now() - started >= timeoutMs - 5, `port ${port} answered before the timeout`);
    }
  } finally {
    for (const socket of sockets) socket.destroy();
    await Promise.all([silent, plain].map((tcp) => new Promise((resolve) => tcp.close(resolve))));
  }
});

test('an untrusted certificate is its own failure', async () => {
  server.trust(false);
  try {
    assert.equal(await failureOf(createOutboundClient(LOOPBACK_ALLOWED).request(`${server.url}/ok`, { timeoutMs: 5_000 })), 'certificate');
  } finally {
    server.trust(true);
  }
});
