import { isAllowed, isVisible, type Access, type AccessContext, type AccessPredicate } from '@civic/core/common/access';
import { useService } from '../di/container-context';
import { AppContextService } from '../apps/app-context-service';

/**
 * The AccessContext snapshot of the current app. Call it from an `observer` component so the
 * component follows sign-in, app switches and flag refreshes.
 */
export function useAccessContext(): AccessContext {
  return useService<AppContextService>(AppContextService).accessContext;
}

export interface AccessAnswer {
  access: Access;
  allowed: boolean;
  visible: boolean;
  /** Why a visible control is disabled, for its tooltip. */
  disabledReason: string | undefined;
}

/** A predicate's answer for the current app, ready for a control (enabled, hidden, or why not). */
export function useAccess(predicate: AccessPredicate): AccessAnswer {
  const access = predicate(useAccessContext());
  return {
    access,
    allowed: isAllowed(access),
    visible: isVisible(access),
    disabledReason: typeof access === 'object' ? access.disabledReason : undefined,
  };
}
