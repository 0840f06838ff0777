import { Callout, ProgressBar } from '@civic/sdk/web/blueprint';
import { observer } from '@civic/sdk/web/mobx';
import { useService } from '@civic/sdk/web';
import { Messages } from '../common/messages';
import { AuditLogStore } from './audit-log-store';
import { formatTime } from './format-time';

/**
 * The integrity check's progress (a progress bar) and its outcome: its own module, fetched when a
 * check is first run, so the page's first load does without it (issue 16).
 */
export const VerifyNotice = observer(function VerifyNotice() {
  const store = useService<AuditLogStore>(AuditLogStore);
  const state = store.verify;
  switch (state.kind) {
    case 'idle':
      return null;
    case 'running':
      return (
        <div className="civic-form-notice" role="status" aria-live="polite">
          <p>Verifying… {state.total > 0 ? `${state.checked.toLocaleString('en')} of ${state.total.toLocaleString('en')} entries` : ''}</p>
          <ProgressBar intent="primary" value={state.total > 0 ? state.checked / state.total : undefined} aria-label="Verification progress" />
        </div>
      );
    case 'ok':
      return (
        <Callout intent="success" role="status" className="civic-form-notice" title="Integrity verified">
          {Messages.chainOk(state.rows)}
        </Callout>
      );
    case 'broken':
      return (
        <Callout intent="danger" role="alert" className="civic-form-notice" title="Integrity check failed">
          {state.reason === 'truncated' ? Messages.chainTruncated(state.id, formatTime(state.at)) : Messages.chainBroken(state.id, formatTime(state.at))}
        </Callout>
      );
    case 'error':
      return (
        <Callout intent="danger" role="alert" className="civic-form-notice" title="The check could not run">
          {state.message}
        </Callout>
      );
  }
});
