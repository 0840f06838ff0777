/**
 * The request-path bench's baseline: a bare Fastify route from the same node_modules, in a process of
 * its own like the console's, answering a small JSON envelope. Prints its port on stdout.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ data: { ok: true } }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
