/** React hooks for plugin pages. */
export { useAccess, useAccessContext, type AccessAnswer } from '@civic/core/web/access/use-access';
export { useContainer, useService } from '@civic/core/web/di/container-context';
export { useSaveShortcut } from '@civic/core/web/forms/use-save-shortcut';
export { useUnsavedChangesPrompt } from '@civic/core/web/forms/use-unsaved-changes-prompt';
export { usePageTitle } from '@civic/core/web/page/use-page-title';
export { usePolling } from '@civic/core/web/polling/use-polling';
