import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bindService, defineServiceRef, ServiceRegistry } from './service-registry';

interface Greeter {
  greet(name: string): string;
}
const Greeter = defineServiceRef<Greeter>('kb.greeter');

test('a service provided by its owner is found by a plugin that requires the owner, typed by its ref', () => {
  const registry = new ServiceRegistry();
  registry.for({ id: 'kb' }).provide(Greeter, { greet: (name) => `hello ${name}` });
  assert.equal(registry.for({ id: 'publishing', requires: ['kb'] }).get(Greeter).greet('ana'), 'hello ana');
  assert.equal(registry.for({ id: 'kb' }).get(Greeter).greet('ben'), 'hello ben');
});

test('only the owner named by the ref may provide it, once', () => {
  const registry = new ServiceRegistry();
  assert.throws(() => registry.for({ id: 'publishing' }).provide(Greeter, { greet: () => '' }), /provides kb.greeter, which belongs to "kb"/);
  registry.for({ id: 'kb' }).provide(Greeter, { greet: () => '' });
  assert.throws(() => registry.for({ id: 'kb' }).provide(Greeter, { greet: () => '' }), /provided twice/);
});

test('a plugin that does not require the owner, or asks before it mounted, is refused at start', () => {
  const registry = new ServiceRegistry();
  assert.throws(() => registry.for({ id: 'publishing', requires: ['kb'] }).get(Greeter), /was not provided by "kb"/);
  registry.for({ id: 'kb' }).provide(Greeter, { greet: () => '' });
  assert.throws(() => registry.for({ id: 'webchat' }).get(Greeter), /does not list "kb" in requires/);
});

test('a plugin finds the service of a plugin it uses when that plugin mounted, and undefined when the profile leaves it out', () => {
  const registry = new ServiceRegistry();
  const trainer = registry.for({ id: 'training', uses: ['kb'] });
  assert.equal(trainer.find(Greeter), undefined);
  registry.for({ id: 'kb' }).provide(Greeter, { greet: (name) => `hi ${name}` });
  assert.equal(trainer.find(Greeter)?.greet('ana'), 'hi ana');
  // `get` stays for what a plugin cannot run without; `find` is not a way around listing the owner.
  assert.throws(() => trainer.get(Greeter), /does not list "kb" in requires/);
  assert.throws(() => registry.for({ id: 'webchat' }).find(Greeter), /does not list "kb" in requires or uses/);
});

test('two registries (two servers in one process) share nothing', () => {
  const first = new ServiceRegistry();
  first.for({ id: 'kb' }).provide(Greeter, { greet: () => 'first' });
  assert.throws(() => new ServiceRegistry().for({ id: 'kb' }).get(Greeter), /was not provided/);
});

test('a ref id names its owner plugin', () => {
  assert.throws(() => defineServiceRef('Greeter'), /must be "<plugin-id>.<name>"/);
});

test('static services (ServerModule.services) are there before any mount, under the same ownership and requires checks', () => {
  const registry = ServiceRegistry.withStatic([
    { manifest: { id: 'kb' }, module: { services: [bindService(Greeter, { greet: (name) => `static ${name}` })] } },
    { manifest: { id: 'publishing', requires: ['kb'] } },
  ]);
  assert.equal(registry.for({ id: 'publishing', requires: ['kb'] }).get(Greeter).greet('ana'), 'static ana');
  assert.throws(() => registry.for({ id: 'webchat' }).get(Greeter), /does not list "kb" in requires/);
  // Bound statically, it is not provided again at mount.
  assert.throws(() => registry.for({ id: 'kb' }).provide(Greeter, { greet: () => '' }), /provided twice/);
  assert.throws(() => ServiceRegistry.withStatic([{ manifest: { id: 'publishing' }, module: { services: [bindService(Greeter, { greet: () => '' })] } }]), /belongs to "kb"/);
});
