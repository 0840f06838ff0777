/** @jest-environment node */
import { NO_RESTRICTION_OVERRIDES } from '../model';
import type { RoleCode } from '../roles';
import type { AccessContext } from './access-context';
import { definePermission, permissionId } from './permission';
import { allOf, appEditor, appViewer, tierRestricted } from './predicates';

const ctx = (role: RoleCode | undefined, tier: 'Plus' | 'Starter' = 'Plus'): AccessContext => ({
  user: { id: 'u', isPlatformAdmin: false, permissions: role ? { a1: role } : {}, authLevel: 2 },
  app: {
    appId: 'a1',
    subscriptionTier: tier,
    isSuperbot: false,
    restrictions: NO_RESTRICTION_OVERRIDES,
    isPlaygroundEnabled: false,
    chuMode: null,
    nlpEngineService: 'CIVIC_DIALOG_ENGINE',
  },
  flags: {},
  switches: { twoFactor: true, captcha: true, history: false, fileResponses: false },
  subscriberAppIds: [],
});

describe('definePermission', () => {
  const canEdit = definePermission({ id: 'knowledge-base.intent.edit', description: 'Editors and admins.', predicate: appEditor });

  it('is a predicate that answers as the one it names', () => {
    expect(canEdit(ctx('1'))).toBe(true);
    expect(canEdit(ctx('0'))).toBe(false);
    const labels = definePermission({ id: 'x.label.edit', description: 'd', predicate: allOf(appEditor, tierRestricted('labels')) });
    expect(labels(ctx('1', 'Starter'))).toEqual({ disabledReason: 'Not available on the Starter tier' });
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
