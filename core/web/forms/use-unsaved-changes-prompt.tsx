import { Alert } from '../blueprint/lazy-overlays';
import { useEffect, type ReactElement } from 'react';
import { useBlocker } from 'react-router-dom';
import { Messages } from '@civic/core/common/messages';

/**
 * §5: leaving an edited page asks "Are you sure you want to navigate away from this page without
 * saving it?". In-app navigation is held by the router and confirmed in a dialog; closing or
 * reloading the tab gets the browser's own prompt. Render the returned element in the page.
 */
export function useUnsavedChangesPrompt(isDirty: boolean): ReactElement {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older browsers need a value to show their prompt
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  return (
    <Alert
      isOpen={blocker.state === 'blocked'}
      intent="warning"
      cancelButtonText="Stay on this page"
      confirmButtonText="Leave without saving"
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
      canEscapeKeyCancel
    >
      <p>{Messages.unsavedChanges}</p>
    </Alert>
  );
}
