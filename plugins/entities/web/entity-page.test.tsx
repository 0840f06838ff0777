import { renderConsoleInTestApp, screen, testApp, userEvent, userWithRole, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import { ApiError } from '@civic/sdk/web/services';
import entitiesPlugin from '../plugin';
import type { EntityDetail } from '../common/api';
import { EntityMessages } from '../common/messages';
import { entitiesModule } from './entities-module';

const stored: EntityDetail = {
  id: 'e1',
  appId: 'a1',
  display_name: 'city',
  kind: 'KIND_MAP',
  enable_fuzzy_extraction: false,
  entities: [{ value: 'New York', synonyms: ['NYC'] }],
  version: 4,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function render(route: string, api: Record<string, unknown> = {}) {
  return renderConsoleInTestApp({
    route,
    user: userWithRole('1', ['a1']),
    app: testApp('a1', 'Plus'),
    plugins: [entitiesPlugin],
    modules: [entitiesModule],
    api: {
      'GET /api/v1/apps/:appId/entities': { entities: [] },
      'GET /api/v1/apps/:appId/entities/:entityId': { entity: stored, usages: [] },
      'POST /api/v1/apps/:appId/entities': ({ body }: FakeRequest) => ({ entity: { ...stored, ...(body as object), id: 'new1', version: 1 }, usages: [] }),
      'PUT /api/v1/apps/:appId/entities/:entityId': ({ body }: FakeRequest) => ({ entity: { ...stored, ...(body as object), version: 5 }, usages: [] }),
      ...api,
    },
  });
}

jest.setTimeout(20_000);

describe('EntityPage', () => {
  it('creates a map entity with synonyms; the name is shown with its @', async () => {
    const { api, router } = await render('/entity/a1/create');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Entity name' }), 'city');
    expect(screen.getByText('@')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Kind: Map');
    await userEvent.type(screen.getByRole('textbox', { name: 'Value 1' }), 'New York');
    await userEvent.type(screen.getByRole('textbox', { name: 'Synonyms of entry 1' }), 'NYC{Enter}big apple{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Value 2' }));
    await userEvent.keyboard('Boston');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/a1/edit/new1'));
    expect(api.callsTo('POST', '/api/v1/apps/a1/entities')[0].body).toEqual({
      display_name: 'city',
      kind: 'KIND_MAP',
      enable_fuzzy_extraction: false,
      entities: [
        { value: 'New York', synonyms: ['NYC', 'big apple'] },
        { value: 'Boston', synonyms: [] },
      ],
    });
  });

  it('refuses a bad name with the rule before calling the server', async () => {
    const { api } = await render('/entity/a1/create');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Entity name' }), '9 lives');
    await userEvent.type(screen.getByRole('textbox', { name: 'Value 1' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(EntityMessages.nameRule)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Entity name' }));
    expect(api.callsTo('POST', '/api/v1/apps/a1/entities')).toHaveLength(0);
  });

  it('the checkboxes decide the kind; a bad RE2 pattern shows its error and position', async () => {
    const { api } = await render('/entity/a1/create');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Entity name' }), 'case-number');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Regexp entity' }));
    expect(screen.getByRole('status').textContent).toContain('Kind: Regexp');
    await userEvent.type(screen.getByRole('textbox', { name: 'Regular expression 1' }), 'CN-(\\d+');
    const error = await screen.findByText('Invalid RE2 regular expression: missing closing ) at character 8');
    expect(screen.getByRole('textbox', { name: 'Regular expression 1' }).getAttribute('aria-describedby')).toBe(error.id);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(api.callsTo('POST', '/api/v1/apps/a1/entities')).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: 'Regular expression 1' }), ')');
    expect(screen.queryByText(/Invalid RE2/)).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Define synonyms' }));
    expect(screen.getByRole('status').textContent).toContain('Kind: List');
  });

  it('edits an entity with its version, and shows a conflict with Reload', async () => {
    let conflict = false;
    const { api } = await render('/entity/a1/edit/e1', {
      'PUT /api/v1/apps/:appId/entities/:entityId': ({ body }: FakeRequest) => {
        if (conflict) throw new ApiError(409, EntityMessages.staleVersion);
        return { entity: { ...stored, ...(body as object), version: 5 }, usages: [] };
      },
    });
    expect(await screen.findByDisplayValue('New York')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete entry 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    await userEvent.keyboard('Paris');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/v1/apps/a1/entities/e1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/v1/apps/a1/entities/e1')[0].body).toMatchObject({ version: 4, entities: [{ value: 'Paris', synonyms: [] }] });
    conflict = true;
    await userEvent.type(screen.getByRole('textbox', { name: 'Value 1' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByText(EntityMessages.staleVersion);
    expect(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('pastes many entries', async () => {
    await render('/entity/a1/edit/e1');
    await userEvent.click(await screen.findByRole('button', { name: 'Paste many entries' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Entries, one per line' }), 'Boston, Beantown{Enter}Chicago');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add entries' }));
    expect(screen.getByDisplayValue('Boston')).toBeTruthy();
    expect(screen.getByDisplayValue('Chicago')).toBeTruthy();
    expect(screen.getByText('Beantown')).toBeTruthy();
  });

  it('imports entries from a CSV file', async () => {
    await render('/entity/a1/edit/e1');
    const file = new File(['value,synonym\nBoston,Beantown\n"Washington, D.C.",DC\n'], 'cities.csv', { type: 'text/csv' });
    await userEvent.upload(await screen.findByLabelText('Import entries from a CSV file'), file);
    expect(await screen.findByDisplayValue('Washington, D.C.')).toBeTruthy();
    expect(screen.getByDisplayValue('Boston')).toBeTruthy();
    expect(screen.getByText('DC')).toBeTruthy();
    expect(await screen.findByText('2 entries read from cities.csv')).toBeTruthy();
  });

  it('view mode is read-only', async () => {
    await render('/entity/a1/view/e1');
    expect(await screen.findByDisplayValue('New York')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Entity name' }).hasAttribute('readonly')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit' }).getAttribute('href')).toBe('/entity/a1/edit/e1');
  });
});
