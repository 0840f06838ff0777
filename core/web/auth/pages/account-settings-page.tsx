import { Button, Callout, Card, Classes, FormGroup, H2, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Messages } from '@civic/core/common/messages';
import type { SessionInfo, TotpEnrolment } from '@civic/core/common/model';
import { isApiError } from '../../api/api-error';
import { useService } from '../../di/container-context';
import { Page } from '../../page/page';
import { ToastService } from '../../toasts/toast-service';
import { AuthService } from '../auth-service';
import { IdentityPaths } from '../identity-routes';
import { errorMessage } from '../../api/error-message';

/** The forms' DTO checks, fetched on a first submit (class-validator is not on the page's path). */
const checks = () => import('./account-settings-checks').then((m) => m.settingsChecks);

/** /settings: the signed-in user's profile, password, second factor and sessions. */
export const AccountSettingsPage = observer(function AccountSettingsPage() {
  const auth = useService<AuthService>(AuthService);
  const user = auth.user;
  if (!user) return null;
  return (
    <Page title="Settings" description="Your profile, your password, how you confirm sign-ins, and where you are signed in.">
      <div className="civic-settings-sections">
        <Card elevation={1} className="civic-settings-section">
          <H2 className="civic-section-title">Profile</H2>
          <ProfileForm name={user.name} />
          <dl className="civic-facts">
            <dt>Email</dt>
            <dd>{user.email}</dd>
            <dt>Agency</dt>
            <dd>{user.agencyName || '—'}</dd>
            <dt>Role</dt>
            <dd>{user.isPlatformAdmin ? 'Platform admin' : 'Per-app roles'}</dd>
          </dl>
        </Card>
        <Card elevation={1} className="civic-settings-section">
          <H2 className="civic-section-title">Password</H2>
          <p>Change the password you sign in with. Your other sessions end when you do.</p>
          <Link className={Classes.BUTTON} to={IdentityPaths.changePassword}>
            Change password
          </Link>
        </Card>
        <AuthenticatorSection />
        <SessionsSection />
      </div>
    </Page>
  );
});

/**
 * Two-factor: set up an authenticator app (QR code and secret, then a code to confirm) when none is
 * enrolled, or remove the enrolled one (with the current password).
 */
function AuthenticatorSection() {
  const auth = useService<AuthService>(AuthService);
  const toasts = useService<ToastService>(ToastService);
  const [hasTotp, setHasTotp] = useState<boolean | null>(null);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [removing, setRemoving] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [notice, setNotice] = useState<{ intent: 'success' | 'danger' | 'primary'; text: string } | null>(null);
  const [busy, setBusy] = useState<'enrol' | 'confirm' | 'remove' | null>(null);

  useEffect(() => {
    let live = true;
    auth.hasTotp().then(
      (enrolled) => live && setHasTotp(enrolled),
      () => live && setNotice({ intent: 'danger', text: Messages.errorEncountered }),
    );
    return () => {
      live = false;
    };
  }, [auth]);

  async function run(kind: 'enrol' | 'confirm' | 'remove', work: () => Promise<void>) {
    setBusy(kind);
    try {
      await work();
    } catch (error) {
      setNotice({ intent: 'danger', text: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  const enrol = () =>
    run('enrol', async () => {
      setNotice(null);
      setCode('');
      setEnrolment(await auth.enrolTotp());
    });

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const problem = (await checks()).totpCode(code.trim());
    setCodeError(problem);
    if (problem) {
      document.getElementById('totp-code')?.focus();
      return;
    }
    void run('confirm', async () => {
      try {
        await auth.confirmTotp(code.trim());
      } catch (error) {
        if (isApiError(error) && error.fields.code) {
          setCodeError(error.fields.code[0]);
          return;
        }
        throw error;
      }
      setEnrolment(null);
      setHasTotp(true);
      setNotice({ intent: 'success', text: 'Your authenticator app is set up. Use its code at your next sign-in.' });
      toasts.notify(Messages.saved);
    });
  }

  async function remove(event: FormEvent) {
    event.preventDefault();
    const problem = (await checks()).totpRemovePassword(password);
    setPasswordError(problem);
    if (problem) {
      document.getElementById('totp-remove-password')?.focus();
      return;
    }
    void run('remove', async () => {
      try {
        await auth.removeTotp(password);
      } catch (error) {
        if (isApiError(error) && error.fields.password) {
          setPasswordError(error.fields.password[0]);
          document.getElementById('totp-remove-password')?.focus();
          return;
        }
        throw error;
      }
      setRemoving(false);
      setPassword('');
      setHasTotp(false);
      setNotice({ intent: 'primary', text: 'The authenticator app is removed. The code sent by email remains your second step.' });
    });
  }

  return (
    <Card elevation={1} className="civic-settings-section">
      <H2 className="civic-section-title">Two-factor authentication</H2>
      <p>
        After your password, the console asks for a one-time code sent to your email. You may instead use an
        authenticator app on your phone.
      </p>
      {hasTotp && <p>Your account has an authenticator app enrolled.</p>}
      {notice && (
        <Callout intent={notice.intent} role={notice.intent === 'danger' ? 'alert' : 'status'} className="civic-form-notice">
          {notice.text}
        </Callout>
      )}
      {enrolment ? (
        <div className="civic-totp-enrolment">
          <ol>
            <li>
              Scan this QR code with your authenticator app.
              <img src={enrolment.qrCodeDataUrl} alt="QR code for setting up your authenticator app" width={200} height={200} className="civic-totp-qr" />
            </li>
            <li>
              Or enter this key by hand: <code className="civic-totp-secret">{enrolment.secret}</code>
            </li>
            <li>Enter the 6-digit code the app shows, to confirm.</li>
          </ol>
          <form onSubmit={(e) => void confirm(e)} noValidate aria-label="Confirm authenticator app">
            <FormGroup
              label="Code from the app"
              labelFor="totp-code"
              intent={codeError ? 'danger' : 'none'}
              helperText={codeError ? <span id="totp-code-error">{codeError}</span> : undefined}
            >
              <InputGroup
                id="totp-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                intent={codeError ? 'danger' : undefined}
                aria-invalid={codeError ? true : undefined}
                aria-describedby={codeError ? 'totp-code-error' : undefined}
              />
            </FormGroup>
            <div className="civic-form-actions">
              <Button type="submit" intent="primary" text="Confirm" loading={busy === 'confirm'} />
              <Button text="Cancel" onClick={() => setEnrolment(null)} />
            </div>
          </form>
        </div>
      ) : removing ? (
        <form onSubmit={(e) => void remove(e)} noValidate aria-label="Remove authenticator app">
          <FormGroup
            label="Current password"
            labelFor="totp-remove-password"
            intent={passwordError ? 'danger' : 'none'}
            helperText={passwordError ? <span id="totp-remove-password-error">{passwordError}</span> : 'Confirm it is you before the app is removed.'}
          >
            <InputGroup
              id="totp-remove-password"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              intent={passwordError ? 'danger' : undefined}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? 'totp-remove-password-error' : undefined}
            />
          </FormGroup>
          <div className="civic-form-actions">
            <Button type="submit" intent="danger" text="Remove authenticator app" loading={busy === 'remove'} />
            <Button
              text="Cancel"
              onClick={() => {
                setRemoving(false);
                setPassword('');
                setPasswordError(undefined);
              }}
            />
          </div>
        </form>
      ) : hasTotp === null ? null : (
        <div className="civic-form-actions">
          {hasTotp ? (
            <Button
              text="Remove authenticator app"
              onClick={() => {
                setNotice(null);
                setRemoving(true);
              }}
            />
          ) : (
            <Button intent="primary" text="Set up authenticator app" loading={busy === 'enrol'} onClick={() => void enrol()} />
          )}
        </div>
      )}
    </Card>
  );
}

/** The display name (≤ 50, §5), validated with the server's DTO; the sidebar shows the new name at once. */
function ProfileForm({ name }: { name: string }) {
  const auth = useService<AuthService>(AuthService);
  const toasts = useService<ToastService>(ToastService);
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const changed = value.trim() !== name;

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem = (await checks()).profileName(value);
    setError(problem);
    if (problem) {
      document.getElementById('profile-name')?.focus();
      return;
    }
    setBusy(true);
    try {
      const user = await auth.updateProfile(value.trim());
      setValue(user.name);
      toasts.notify(Messages.saved);
    } catch (failure) {
      setError(isApiError(failure) ? (failure.fields.name?.[0] ?? failure.message) : Messages.errorEncountered);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate aria-label="Profile" className="civic-profile-form">
      <FormGroup
        label="Name"
        labelFor="profile-name"
        intent={error ? 'danger' : 'none'}
        helperText={error ? <span id="profile-name-error">{error}</span> : 'Shown to your team and in the audit trail.'}
      >
        <InputGroup
          id="profile-name"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="name"
          intent={error ? 'danger' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'profile-name-error' : undefined}
        />
      </FormGroup>
      <div className="civic-form-actions">
        <Button type="submit" intent="primary" text="Save name" loading={busy} disabled={!changed} />
      </div>
    </form>
  );
}

function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-SG', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Where the user is signed in: end one session, or every other one. */
function SessionsSection() {
  const auth = useService<AuthService>(AuthService);
  const toasts = useService<ToastService>(ToastService);
  const [list, setList] = useState<SessionInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      setList(await auth.listSessions());
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }, [auth]);

  useEffect(() => {
    void load();
  }, [load]);

  async function run(key: string, work: () => Promise<string>) {
    setBusy(key);
    try {
      toasts.notify(await work());
      await load();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  const others = list?.filter((s) => !s.current) ?? [];
  return (
    <Card elevation={1} className="civic-settings-section">
      <H2 className="civic-section-title">Sessions</H2>
      <p>Where you are signed in now. If you do not recognise one, sign it out and change your password.</p>
      {error && (
        <Callout intent="danger" role="alert" className="civic-form-notice">
          {error}{' '}
          <Button variant="minimal" text="Try again" onClick={() => void load()} />
        </Callout>
      )}
      {list === null && !error && <p role="status">Loading…</p>}
      {list && (
        <HTMLTable compact striped className="civic-sessions-table" aria-label="Your sessions">
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">IP address</th>
              <th scope="col">Signed in</th>
              <th scope="col">Last seen</th>
              <th scope="col">
                <span className={Classes.TEXT_MUTED}>Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((session) => (
              <tr key={session.id}>
                <td>
                  {session.device}{' '}
                  {session.current && (
                    <Tag minimal intent="success">
                      This session
                    </Tag>
                  )}
                </td>
                <td>{session.ip ?? '—'}</td>
                <td>{formatWhen(session.createdAt)}</td>
                <td>{formatWhen(session.lastSeenAt)}</td>
                <td>
                  {session.current ? (
                    '—'
                  ) : (
                    <Button
                      size="small"
                      text="Sign out"
                      aria-label={`Sign out ${session.device}, last seen ${formatWhen(session.lastSeenAt)}`}
                      loading={busy === session.id}
                      onClick={() =>
                        void run(session.id, async () => {
                          await auth.revokeSession(session.id);
                          return 'Session signed out';
                        })
                      }
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {others.length > 0 && (
        <div className="civic-form-actions">
          <Button
            intent="danger"
            text="Sign out all other sessions"
            loading={busy === 'others'}
            onClick={() =>
              void run('others', async () => {
                const n = await auth.revokeOtherSessions();
                return `${n} other ${n === 1 ? 'session' : 'sessions'} signed out`;
              })
            }
          />
        </div>
      )}
    </Card>
  );
}
