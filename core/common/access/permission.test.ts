/** @jest-environment node */
import type { AccessContext } from './access-context';
import { definePermission, permissionId } from './permission';
import { allOf, appEditor, appViewer } from './predicates';

describe('definePermission', () => {
  const canEdit = definePermission({ id: 'knowledge-base.intent.edit', description: 'Editors and admins.', predicate: appEditor });

  it('is a predicate that answers as the one it names, for the same context', () => {
    const seen: AccessContext[] = [];
    const named = definePermission({
      id: 'x.label.edit',
      description: 'd',
      predicate: (ctx) => {
        seen.push(ctx);
        return { disabledReason: 'Not on this tier' };
      },
    });
    const ctx = { flags: {} } as unknown as AccessContext;
    expect(named(ctx)).toEqual({ disabledReason: 'Not on this tier' });
    expect(seen).toEqual([ctx]);
  });

  it('carries an id and a description you can list, and cannot be changed', () => {
    expect(canEdit.id).toBe('knowledge-base.intent.edit');
    expect(canEdit.description).toBe('Editors and admins.');
    expect(Object.isFrozen(canEdit)).toBe(true);
    expect(permissionId(canEdit)).toBe('knowledge-base.intent.edit');
  });

  it('names the core building blocks, and nothing for an anonymous predicate', () => {
    expect(permissionId(appViewer)).toBe('core.app.viewer');
    expect(permissionId(allOf(appViewer))).toBeUndefined();
    expect(permissionId(undefined)).toBeUndefined();
  });

  it('refuses an id without its plugin prefix or not in dotted kebab-case', () => {
    expect(() => definePermission({ id: 'edit', description: '', predicate: appEditor })).toThrow('"<plugin id>.<name>"');
    expect(() => definePermission({ id: 'Knowledge.edit', description: '', predicate: appEditor })).toThrow();
    expect(() => definePermission({ id: 'kb.intent_edit', description: '', predicate: appEditor })).toThrow();
  });
});
