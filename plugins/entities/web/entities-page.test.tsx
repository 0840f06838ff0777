import { renderConsoleInTestApp, screen, testApp, userEvent, userWithRole, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import { ApiError } from '@civic/sdk/web/services';
import entitiesPlugin from '../plugin';
import type { EntityListItem, EntityUsage } from '../common/api';
import { entitiesModule } from './entities-module';

const item = (id: string, name: string, extra: Partial<EntityListItem> = {}): EntityListItem => ({
  id,
  name,
  kind: 'KIND_MAP',
  enableFuzzyExtraction: false,
  entryCount: 2,
  usageCount: 0,
  updatedAt: '2026-11-20T00:00:00.000Z',
  ...extra,
});
const usage: EntityUsage = { intentId: 'i1', intentName: 'Book flight', intentKind: 'intent', phraseCount: 2, parameters: ['city'] };
const detail = (id: string, name: string) => ({
  entity: { id, appId: 'a1', display_name: name, kind: 'KIND_MAP', enable_fuzzy_extraction: false, entities: [], version: 1, createdAt: '', updatedAt: '' },
  usages: id === 'e1' ? [usage] : [],
});

function render(role: '0' | '1' | '2' = '1', route = '/entities/a1') {
  let items = [item('e1', 'city', { usageCount: 1 }), item('e2', 'case-number', { kind: 'KIND_REGEXP', entryCount: 1 }), item('e3', 'color', { kind: 'KIND_LIST', enableFuzzyExtraction: true })];
  return renderConsoleInTestApp({
    route,
    user: userWithRole(role, ['a1']),
    app: testApp('a1', 'Plus'),
    plugins: [entitiesPlugin],
    modules: [entitiesModule],
    api: {
      'GET /api/v1/apps/:appId/entities': () => ({ entities: items }),
      'GET /api/v1/apps/:appId/entities/:entityId': ({ params }: FakeRequest) => detail(params.entityId!, items.find((i) => i.id === params.entityId)!.name),
      'DELETE /api/v1/apps/:appId/entities/:entityId': ({ params, query }: FakeRequest) => {
        const target = items.find((i) => i.id === params.entityId)!;
        if (target.usageCount > 0 && query?.removeUsages !== 'true') throw new ApiError(409, 'in use', { detail: { usages: [usage] } });
        items = items.filter((i) => i.id !== params.entityId);
        return { deleted: target.name, removedFromPhrases: 0, removedParameters: 0 };
      },
    },
  });
}

// A whole console renders per test; on a busy machine the first one can pass 5 s.
jest.setTimeout(20_000);

describe('EntitiesPage', () => {
  it('lists entities with @ names, kind, entries and where used; searches and filters by kind', async () => {
    await render();
    const table = await screen.findByRole('table', { name: 'Entities' });
    expect(within(table).getByRole('link', { name: '@city' }).getAttribute('href')).toBe('/entity/a1/edit/e1');
    expect(within(table).getByText('1 intent')).toBeTruthy();
    expect(within(table).getAllByText('Not used')).toHaveLength(2);
    expect(within(table).getByText('Regexp')).toBeTruthy();
    expect(within(table).getByText('Fuzzy')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('3 entities');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search entities' }), '@c');
    expect(screen.getByRole('status').textContent).toBe('3 entities');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search entities' }), 'o');
    expect(screen.getByRole('status').textContent).toBe('1 entity');
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search entities' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'KIND_LIST');
    expect(within(table).getAllByRole('link').map((a) => a.textContent)).toEqual(['@color']);
  });

  it('is in the sidebar for editors and offers Create entity', async () => {
    const { router } = await render('1');
    expect(screen.getByRole('link', { name: 'Entities' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Create entity' }));
    expect(router.state.location.pathname).toBe('/entity/a1/create');
  });

  it('is hidden from viewers, in the sidebar and at its address', async () => {
    const { api } = await render('0');
    expect(screen.queryByRole('link', { name: 'Entities' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Entities' })).toBeNull();
    expect(api.callsTo('GET', '/api/v1/apps/a1/entities')).toHaveLength(0);
  });

  it('deletes an unused entity after a confirmation', async () => {
    const { api } = await render();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete @color' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Are you sure you want to delete this?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: '@color' })).toBeNull());
    expect(api.callsTo('DELETE', '/api/v1/apps/a1/entities/e3')[0].query).toBeUndefined();
  });

  it('shows where a used entity is used and deletes it only with its usages', async () => {
    const { api } = await render();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete @city' }));
    const dialog = await screen.findByRole('dialog');
    const list = await within(dialog).findByRole('list', { name: 'Where it is used' });
    expect(within(list).getByRole('link', { name: 'Book flight' }).getAttribute('href')).toBe('/intent/a1/edit/i1');
    expect(list.textContent).toContain('2 training phrases; parameter city');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete with its usages' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: '@city' })).toBeNull());
    expect(api.callsTo('DELETE', '/api/v1/apps/a1/entities/e1')[0].query).toEqual({ removeUsages: 'true' });
  });
});
