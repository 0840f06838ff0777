import assert from 'node:assert/strict';
import { test } from 'node:test';
import { auditDiff } from './audit-diff';

test('auditDiff keeps only the changed fields, compares arrays and objects by value, skips undefined', () => {
  const before = { name: 'Old', type: 'webhook', enabled: true, appIds: ['a', 'b'], extra: { x: 1 } };
  assert.deepEqual(auditDiff(before, { name: 'New', type: 'webhook', enabled: true, appIds: ['a', 'b'], extra: { x: 1 } }), { before: { name: 'Old' }, after: { name: 'New' } });
  assert.deepEqual(auditDiff(before, { appIds: ['a'], extra: { x: 2 }, enabled: undefined }), { before: { appIds: ['a', 'b'], extra: { x: 1 } }, after: { appIds: ['a'], extra: { x: 2 } } });
  assert.equal(auditDiff(before, { name: 'Old' }), undefined);
  assert.deepEqual(auditDiff({ role: undefined } as Record<string, unknown>, { role: 'Editor' }), { before: { role: null }, after: { role: 'Editor' } });
});
