import { injectable } from 'inversify';
import { action, makeObservable, observableShallow } from 'mobx';
import { Timing } from '@civic/core/common/constants';

export type ToastIntent = 'none' | 'primary' | 'success' | 'warning' | 'danger';

export interface ToastMessage {
  key: number;
  message: string;
  intent: ToastIntent;
  timeoutMs: number;
}

/**
 * Toasts (§9): notifications hide after 3 s, snackbars for errors and results after 5 s.
 * The list is observable state; `ToastHost` renders it with Blueprint's OverlayToaster.
 */
export const ToastService = Symbol('ToastService');
export interface ToastService {
  readonly toasts: readonly ToastMessage[];
  /** A short confirmation ("Saved"): notification, 3 s. */
  notify(message: string): void;
  /** An outcome worth reading (an import finished): snackbar, 5 s. */
  result(message: string): void;
  /** A failure: snackbar, 5 s. */
  error(message: string): void;
  show(message: string, intent: ToastIntent, timeoutMs: number): void;
  dismiss(key: number): void;
}

@injectable()
export class ToastServiceImpl implements ToastService {
  toasts: ToastMessage[] = [];
  private nextKey = 1;

  constructor() {
    makeObservable(this, { toasts: observableShallow, show: action, dismiss: action });
  }

  notify(message: string): void {
    this.show(message, 'success', Timing.notificationMs);
  }

  result(message: string): void {
    this.show(message, 'primary', Timing.snackbarMs);
  }

  error(message: string): void {
    this.show(message, 'danger', Timing.snackbarMs);
  }

  show(message: string, intent: ToastIntent, timeoutMs: number): void {
    // The same text twice in a row (parallel failures) is one toast, not a stack of copies.
    if (this.toasts.some((t) => t.message === message && t.intent === intent)) return;
    this.toasts = [...this.toasts, { key: this.nextKey++, message, intent, timeoutMs }];
  }

  dismiss(key: number): void {
    this.toasts = this.toasts.filter((t) => t.key !== key);
  }
}
