import { Button, Callout, Card, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Messages } from '@civic/core/common/messages';
import type { TotpEnrolment } from '@civic/core/common/model';
import { isApiError } from '../../api/api-error';
import { useService } from '../../di/container-context';
import { ToastService } from '../../toasts/toast-service';
import { AuthService } from '../auth-service';
import { settingsChecks as checks } from './settings-checks-loader';
import { errorMessage } from '../../api/error-message';

/**
 * Two-factor: set up an authenticator app (QR code and secret, then a code to confirm) when none is
 * enrolled, or remove the enrolled one (with the current password).
 */
export function AuthenticatorSection() {
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

