import { Alert } from '../blueprint/lazy-overlays';
import type { ReactElement } from 'react';
import { Messages } from '@civic/core/common/messages';

export interface ConfirmDeleteProps<T> {
  /** The item waiting for a yes; null while nothing is. */
  item: T | null;
  /** What people call it ("Passport bot"): shown under the question. */
  nameOf: (item: T) => string;
  onCancel: () => void;
  /** Called with the item once confirmed (the alert has closed by then). */
  onConfirm: (item: T) => void;
  confirmText?: string;
  /** Said under the name: what else goes with it. */
  consequence?: string;
}

/**
 * §8's delete confirmation, the one way: "Are you sure you want to delete this?", the item's name,
 * Delete (danger) and Cancel; Escape cancels.
 */
export function ConfirmDelete<T>({ item, nameOf, onCancel, onConfirm, confirmText = 'Delete', consequence }: ConfirmDeleteProps<T>): ReactElement {
  return (
    <Alert
      isOpen={item !== null}
      intent="danger"
      confirmButtonText={confirmText}
      cancelButtonText="Cancel"
      canEscapeKeyCancel
      onCancel={onCancel}
      onConfirm={() => {
        if (item !== null) onConfirm(item);
      }}
    >
      <p>{Messages.confirmDelete}</p>
      {item !== null && <p className="civic-confirm-name">{nameOf(item)}</p>}
      {consequence && <p>{consequence}</p>}
    </Alert>
  );
}
