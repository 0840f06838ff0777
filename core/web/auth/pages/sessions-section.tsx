import { Button, Callout, Card, Classes, H2, HTMLTable, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import type { SessionInfo } from '@civic/core/common/model';
import { useService } from '../../di/container-context';
import { ToastService } from '../../toasts/toast-service';
import { AuthService } from '../auth-service';
import { errorMessage } from '../../api/error-message';

function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-SG', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Where the user is signed in: end one session, or every other one. */
export function SessionsSection() {
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
