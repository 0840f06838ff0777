import { ApiError } from '@civic/sdk/web';
import { renderConsoleInTestApp, screen, testApp, testUser, userEvent, waitFor, within } from '@civic/sdk/testing';
import platformAdminPlugin from '../plugin';
import { AdminApi, type AgencyItem } from '../common/api';
import { platformAdminModule } from './platform-admin-module';

jest.setTimeout(30_000);

const demo: AgencyItem = { id: 'g1', name: 'Demo Agency', apps: [{ appId: 'alpha', appName: 'Alpha' }], users: [{ id: 'u1', name: 'Ed', email: 'ed@demo.gov.sg' }] };
const spare: AgencyItem = { id: 'g2', name: 'Spare Agency', apps: [], users: [] };

function render(requests: string[] = []) {
  let agencies = [demo, spare];
  return renderConsoleInTestApp({
    route: '/agency',
    user: testUser({ isPlatformAdmin: true }),
    app: [testApp('alpha', 'Plus')],
    plugins: [platformAdminPlugin],
    modules: [platformAdminModule],
    api: {
      [`GET ${AdminApi.agencies}`]: () => ({ agencies }),
      [`POST ${AdminApi.agencies}`]: () => {
        throw new ApiError(409, 'An agency with this name already exists: Spare Agency (names are compared without regard to case or spacing).');
      },
      [`DELETE ${AdminApi.agencyRoute}`]: () => {
        requests.push('delete g2');
        agencies = [demo];
        return spare;
      },
    },
  });
}

describe('AgenciesPage', () => {
  test('a refused name shows in the form; Cancel then closes the dialog', async () => {
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'New agency' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Agency name'), 'SPARE AGENCY');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/already exists: Spare Agency/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('an agency in use cannot be deleted and says why; an unused one is deleted after a confirmation naming it', async () => {
    const requests: string[] = [];
    render(requests);
    const blocked = await screen.findByRole('button', { name: 'Delete Demo Agency' });
    expect(blocked).toHaveProperty('disabled', true);
    expect(document.getElementById(blocked.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Demo Agency still has 1 app and 1 user: merge it into another agency instead.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Spare Agency' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Delete the agency Spare Agency?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete agency' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Spare Agency' })).toBeNull());
    expect(requests).toEqual(['delete g2']);
  });
});
