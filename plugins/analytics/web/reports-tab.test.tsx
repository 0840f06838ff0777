import { renderInTestApp, screen, testApp, userWithRole, userEvent, waitFor, type FakeRequest } from '@civic/sdk/testing';
import { ReportsApi, type ReportScheduleView } from '../common/api';
import { analyticsModule } from './analytics-module';
import { ReportsTab } from './reports-tab';

const view: ReportScheduleView = {
  schedule: null,
  members: [
    { email: 'editor@demo.gov.sg', name: 'Demo Editor' },
    { email: 'viewer@demo.gov.sg', name: 'Demo Viewer' },
  ],
};

describe('ReportsTab', () => {
  it('asks for a recipient, saves the chosen members, then sends now', async () => {
    const { api } = await renderInTestApp(<ReportsTab appId="a1" />, {
      user: userWithRole('2', ['a1']),
      app: testApp('a1', 'Plus'),
      modules: [analyticsModule],
      route: '/app-settings/reports/a1',
      path: '/app-settings/:tabId/:appId',
      api: {
        [`GET ${ReportsApi.scheduleRoute}`]: () => view,
        [`PUT ${ReportsApi.scheduleRoute}`]: ({ body }: FakeRequest) => ({ ...(body as object), lastSentAt: null, updatedBy: 'admin@demo.gov.sg', updatedAt: '2026-03-01T00:00:00Z' }),
        [`POST ${ReportsApi.sendNowRoute}`]: () => ({ sent: ['viewer@demo.gov.sg'] }),
      },
    });
    const send = await screen.findByRole('button', { name: 'Send now' });
    expect(send).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at least one member to receive the report')).toBeTruthy();
    expect(api.callsTo('PUT', ReportsApi.schedule('a1'))).toHaveLength(0);

    await userEvent.selectOptions(screen.getByLabelText('How often'), 'monthly');
    await userEvent.click(screen.getByLabelText('Demo Viewer (viewer@demo.gov.sg)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', ReportsApi.schedule('a1'))).toHaveLength(1));
    expect(api.callsTo('PUT', ReportsApi.schedule('a1'))[0].body).toEqual({ frequency: 'monthly', format: 'pdf', recipients: ['viewer@demo.gov.sg'], enabled: true });

    await waitFor(() => expect(screen.getByRole('button', { name: 'Send now' })).toHaveProperty('disabled', false));
    await userEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(api.callsTo('POST', ReportsApi.sendNow('a1'))).toHaveLength(1));
  });
});
