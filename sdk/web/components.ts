/** Shell building blocks for plugin pages (UX.md page anatomy, loading skeletons). */
export { Page, type PageProps } from '@civic/core/web/page/page';
export { ConfirmDelete, type ConfirmDeleteProps } from '@civic/core/web/shell/confirm-delete';
export { EmptyState, type EmptyStateProps } from '@civic/core/web/shell/empty-state';
export { LoadError, type LoadErrorProps } from '@civic/core/web/shell/load-error';
export { LoadingScreen } from '@civic/core/web/shell/loading-screen';
export { PageSkeleton } from '@civic/core/web/shell/page-skeleton';
export { PanelSlot, type PanelSlotProps } from '@civic/core/web/shell/panel-slot';
export { FormField, type FormFieldProps } from '@civic/core/web/forms/form-field';
export { Pager, type PagerProps } from '@civic/core/web/lists/pager';
