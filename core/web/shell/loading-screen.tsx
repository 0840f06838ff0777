import { Spinner } from '@blueprintjs/core';
import { Messages } from '@civic/core/common/messages';

/** The first load of a session (§2): "Please wait while the data is getting loaded". */
export function LoadingScreen() {
  return (
    <div className="civic-loading-screen" role="status" aria-live="polite">
      <Spinner size={40} aria-hidden="true" />
      <p>{Messages.loading}</p>
    </div>
  );
}
