import { Button, NonIdealState } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';
import { CONSOLE_NAME } from '@civic/core/common/constants';

/** Shown when the console cannot start (server unreachable, a misconfigured plugin set). */
export function BootFailure(props: { message: string }) {
  return (
    <main className="civic-boot-failure">
      <NonIdealState
        icon={<ErrorIcon size={48} />}
        title={`${CONSOLE_NAME} could not start`}
        description={props.message}
        action={<Button intent="primary" text="Try again" onClick={() => window.location.reload()} />}
      />
    </main>
  );
}
