import { renderConsoleInTestApp, screen, testApp, userEvent, userWithRole, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import { ApiError } from '@civic/sdk/web/services';
import classificationPlugin from '../plugin';
import type { ClassItem } from '../common/api';
import { ClassificationMessages } from '../common/messages';
import { classificationModule } from './classification-module';

const item = (id: string, name: string, intentCount = 0): ClassItem => ({ id, name, intentCount, createdAt: '', updatedAt: '' });
const NONE = { analytics: false, categories: false, labels: false, trainingHub: false };

function render(options: { role?: '0' | '1' | '2'; route?: string; tier?: 'Plus' | 'Starter'; restrictions?: typeof NONE; isPlatformAdmin?: boolean } = {}) {
  let categories = [item('c1', 'Housing', 3), item('c2', 'Health')];
  let labels = [item('l1', 'needs-review', 1)];
  const app = testApp('a1', options.tier ?? 'Plus');
  return renderConsoleInTestApp({
    route: options.route ?? '/categories/a1',
    user: userWithRole(options.role ?? '1', ['a1'], { isPlatformAdmin: options.isPlatformAdmin ?? false }),
    app,
    settings: options.restrictions ? { a1: { restrictions: options.restrictions } } : undefined,
    plugins: [classificationPlugin],
    modules: [classificationModule],
    api: {
      'GET /api/v1/apps/:appId/categories': () => ({ categories }),
      'POST /api/v1/apps/:appId/categories': ({ body }: FakeRequest) => {
        const created = item('c3', (body as { name: string }).name);
        categories = [...categories, created];
        return { category: created };
      },
      'DELETE /api/v1/apps/:appId/categories/:id': ({ params }: FakeRequest) => {
        categories = categories.filter((c) => c.id !== params.id);
        return { deleted: item(params.id!, 'x') };
      },
      'GET /api/v1/apps/:appId/labels': () => ({ labels }),
      'PATCH /api/v1/apps/:appId/labels/:id': ({ params, body }: FakeRequest) => {
        const name = (body as { name: string }).name;
        if (name === 'taken') throw new ApiError(409, 'A label named "taken" already exists', { fields: { name: ['A label named "taken" already exists'] } });
        labels = labels.map((l) => (l.id === params.id ? { ...l, name } : l));
        return { label: labels.find((l) => l.id === params.id) };
      },
    },
  });
}

jest.setTimeout(20_000);

describe('Classification pages', () => {
  it('lists categories with counts under Classification in the sidebar, and creates one', async () => {
    const { api } = await render();
    const table = await screen.findByRole('table', { name: 'Categories' });
    expect(within(table).getByText('3 intents')).toBeTruthy();
    expect(within(table).getByText('Not used')).toBeTruthy();
    expect(screen.getByText('Classification')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Label' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create category' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Category name' }), 'Transport');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(table).findByText('Transport')).toBeTruthy();
    expect(api.callsTo('POST', '/api/v1/apps/a1/categories')[0].body).toEqual({ name: 'Transport' });
  });

  it('deletes a category after a confirmation that says how many intents lose it', async () => {
    await render();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Housing' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this?')).toBeTruthy();
    expect(within(dialog).getByText('3 intents will lose this category.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Housing')).toBeNull());
  });

  it('renames a label; the name rule and a taken name show under the field', async () => {
    const { api } = await render({ route: '/label/a1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Rename needs-review' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: 'Label name' });
    await userEvent.clear(field);
    await userEvent.type(field, 'needs review');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(within(dialog).getByText(ClassificationMessages.labelNameRule, { selector: 'span' })).toBeTruthy();
    expect(api.callsTo('PATCH', '/api/v1/apps/a1/labels/l1')).toHaveLength(0);
    await userEvent.clear(field);
    await userEvent.type(field, 'taken');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('A label named "taken" already exists')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, 'reviewed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('reviewed')).toBeTruthy();
  });

  it('viewers read the lists without changing them', async () => {
    await render({ role: '0' });
    expect(await screen.findByRole('table', { name: 'Categories' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create category' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Housing' })).toBeNull();
  });

  it('Starter tier: both entries disabled with the reason, the page refused, nothing loaded', async () => {
    const { api } = await render({ tier: 'Starter', restrictions: NONE });
    const entries = screen.getAllByText('Not available on the Starter tier', { selector: '.civic-visually-hidden' });
    expect(entries).toHaveLength(2);
    const categories = screen.getByText('Categories', { selector: '.civic-nav-label' }).closest('[aria-disabled="true"]');
    expect(categories).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Categories' })).toBeNull();
    expect(api.callsTo('GET', '/api/v1/apps/a1/categories')).toHaveLength(0);
  });

  it('Starter tier with the categories flag: categories open, labels stay disabled', async () => {
    await render({ tier: 'Starter', restrictions: { ...NONE, categories: true } });
    expect(await screen.findByRole('table', { name: 'Categories' })).toBeTruthy();
    expect(screen.getByText('Label', { selector: '.civic-nav-label' }).closest('[aria-disabled="true"]')).toBeTruthy();
    expect(screen.getByText('Categories', { selector: '.civic-nav-label' }).closest('[aria-disabled="true"]')).toBeNull();
  });

  it('Starter tier does not restrict platform admins', async () => {
    await render({ tier: 'Starter', restrictions: NONE, isPlatformAdmin: true });
    expect(await screen.findByRole('table', { name: 'Categories' })).toBeTruthy();
  });
});
