import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreApi } from '@civic/core/common/api-paths';
import { Messages } from '@civic/core/common/messages';
import { testUser } from '@civic/core/web/testing';
import { ApiError } from '../../api/api-error';
import { render } from './identity-test-support';
import { describeDevice } from '@civic/core/common/identity/describe-device';

afterEach(() => localStorage.clear());

describe('/settings', () => {
  it("shows the account, and sets up an authenticator app with a QR code, its secret and a code", async () => {
    const { api } = await render(
      '/settings',
      {
        [`POST ${CoreApi.totpEnrol}`]: { otpauthUri: 'otpauth://totp/x', qrCodeDataUrl: 'data:image/png;base64,AAAA', secret: 'JBSWY3DPEHPK3PXP' },
        [`POST ${CoreApi.totpConfirm}`]: ({ body }: { body: { code: string } }) => {
          if (body.code !== '123456') throw new ApiError(422, Messages.wrongOtp, { fields: { code: [Messages.wrongOtp] } });
          return { message: Messages.saved };
        },
      },
      testUser(),
    );
    expect(await screen.findByText('editor@demo.gov.sg')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe('/settings/reset-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    const qr = await screen.findByRole('img', { name: 'QR code for setting up your authenticator app' });
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Code from the app'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(Messages.wrongOtp)).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Code from the app'));
    await userEvent.type(screen.getByLabelText('Code from the app'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/authenticator app is set up/)).toBeTruthy();
    expect(api.callsTo('POST', CoreApi.totpConfirm)).toHaveLength(2);
    // Enrolled now: only removing is offered.
    expect(screen.getByRole('button', { name: 'Remove authenticator app' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).toBeNull();
  });

  it('offers only "Set up" when no authenticator app is enrolled', async () => {
    await render('/settings', { [`GET ${CoreApi.me}`]: { ...testUser(), hasTotp: false } }, testUser());
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove authenticator app' })).toBeNull();
  });

  it('offers only "Remove" when enrolled, and removing needs the current password', async () => {
    const { api } = await render(
      '/settings',
      {
        [`GET ${CoreApi.me}`]: { ...testUser(), hasTotp: true },
        [`DELETE ${CoreApi.totp}`]: ({ body }: { body: { password: string } }) => {
          if (body.password !== 'Current-Passw0rd') {
            throw new ApiError(422, Messages.currentPasswordWrong, { fields: { password: [Messages.currentPasswordWrong] } });
          }
          return { message: Messages.saved };
        },
      },
      testUser(),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Remove authenticator app' }));
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove authenticator app' }));
    expect(screen.getByText(Messages.currentPasswordRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'));
    expect(api.callsTo('DELETE', CoreApi.totp)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Current password'), 'Wrong-Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Remove authenticator app' }));
    expect(await screen.findByText(Messages.currentPasswordWrong)).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('Current password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'Current-Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Remove authenticator app' }));
    expect(await screen.findByText(/authenticator app is removed/)).toBeTruthy();
    expect(api.callsTo('DELETE', CoreApi.totp).map((c) => c.body)).toEqual([{ password: 'Wrong-Passw0rd' }, { password: 'Current-Passw0rd' }]);
    expect(screen.getByRole('button', { name: 'Set up authenticator app' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove authenticator app' })).toBeNull();
  });

  it('shows SETTINGS in the user menu', async () => {
    await render('/settings', {}, testUser());
    await userEvent.click(await screen.findByRole('button', { name: /Edna Editor/ }));
    expect(await screen.findByRole('menuitem', { name: 'SETTINGS' })).toBeTruthy();
  });

  it('renames the user (≤ 50 characters) and the sidebar shows the new name', async () => {
    const { api } = await render(
      '/settings',
      {
        [`GET ${CoreApi.sessions}`]: { sessions: [] },
        [`PATCH ${CoreApi.me}`]: ({ body }: { body: { name: string } }) => ({ token: 'header.payload.signature', user: testUser({ name: body.name }) }),
      },
      testUser(),
    );
    const field = await screen.findByLabelText('Name');
    expect((field as HTMLInputElement).value).toBe('Edna Editor');
    await userEvent.clear(field);
    await userEvent.type(field, 'x'.repeat(51));
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText(Messages.only50Characters)).toBeTruthy();
    expect(api.callsTo('PATCH', CoreApi.me)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'Edna Editor-Smith');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('button', { name: /Edna Editor-Smith/ })).toBeTruthy();
    expect(api.callsTo('PATCH', CoreApi.me).map((c) => c.body)).toEqual([{ name: 'Edna Editor-Smith' }]);
    expect(screen.queryByText(Messages.only50Characters)).toBeNull();
  });

  it('lists the sessions, signs one out, and signs out all others', async () => {
    let live = [
      { id: 's-here', createdAt: '2026-11-23T01:00:00.000Z', lastSeenAt: '2026-11-23T02:00:00.000Z', expiresAt: '2026-11-23T13:00:00.000Z', ip: '10.0.0.1', userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0 Safari/537.36', device: describeDevice('Mozilla/5.0 (Windows NT 10.0) Chrome/131.0 Safari/537.36'), current: true },
      { id: 's-phone', createdAt: '2026-11-22T01:00:00.000Z', lastSeenAt: '2026-11-22T02:00:00.000Z', expiresAt: '2026-11-23T13:00:00.000Z', ip: '10.0.0.2', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Mobile Safari/604.1', device: describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Mobile Safari/604.1'), current: false },
      { id: 's-tablet', createdAt: '2026-11-21T01:00:00.000Z', lastSeenAt: '2026-11-21T02:00:00.000Z', expiresAt: '2026-11-23T13:00:00.000Z', ip: '10.0.0.3', userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36', device: describeDevice('Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36'), current: false },
    ];
    const { api } = await render(
      '/settings',
      {
        [`GET ${CoreApi.sessions}`]: () => ({ sessions: live }),
        [`DELETE ${CoreApi.session('s-phone')}`]: () => {
          live = live.filter((s) => s.id !== 's-phone');
          return {};
        },
        [`POST ${CoreApi.sessionsRevokeOthers}`]: () => {
          const ended = live.filter((s) => !s.current).length;
          live = live.filter((s) => s.current);
          return { revoked: ended };
        },
      },
      testUser(),
    );
    const table = await screen.findByRole('table', { name: 'Your sessions' });
    expect(table.textContent).toContain('Chrome 131 on Windows 10');
    expect(table.textContent).toContain('This session');
    expect(table.textContent).toContain('10.0.0.2');
    await userEvent.click(screen.getByRole('button', { name: /^Sign out Safari 17 on iOS 17.5, phone/ }));
    expect(await screen.findByText('Session signed out')).toBeTruthy();
    expect(api.callsTo('DELETE', CoreApi.session('s-phone'))).toHaveLength(1);
    expect(screen.queryByText('Safari 17 on iOS 17.5, phone')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('1 other session signed out')).toBeTruthy();
    expect(screen.queryByText('Chrome 131 on Android 14, phone')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).toBeNull();
  });
});
