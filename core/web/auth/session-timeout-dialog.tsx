import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Messages } from '@civic/core/common/messages';

/** §4: the Session Timeout dialog (inactivity-dialog.tsx runs the clock), in its own chunk with Blueprint's dialog code. */
export function SessionTimeoutDialog(props: { isOpen: boolean; onStay(): void; onLogOff(): void }) {
  return (
    <Dialog isOpen={props.isOpen} title="Session Timeout" isCloseButtonShown={false} canOutsideClickClose={false} canEscapeKeyClose={false}>
      <DialogBody>
        <p>{Messages.sessionTimeoutPrompt}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="LOG OFF" onClick={props.onLogOff} />
            <Button intent="primary" text="STAY LOGGED IN" onClick={props.onStay} autoFocus />
          </>
        }
      />
    </Dialog>
  );
}
