import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { Messages } from '@civic/core/common/messages';
import { isApiError } from '../../api/api-error';
import { useService } from '../../di/container-context';
import { ToastService } from '../../toasts/toast-service';
import { AuthService } from '../auth-service';
import { settingsChecks as checks } from './settings-checks-loader';

/** The display name (≤ 50, §5), validated with the server's DTO; the sidebar shows the new name at once. */
export function ProfileForm({ name }: { name: string }) {
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

