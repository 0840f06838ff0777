import { Button, Callout } from '@blueprintjs/core';

export interface LoadErrorProps {
  /** What could not be loaded, as a sentence: "The users could not be loaded". */
  title: string;
  /** The reason (`errorMessage(error)`, or a list's `error`). */
  error: string | null | undefined;
  onRetry(): void;
}

/** UX.md "Errors inside a page": a Callout in place, the reason, and "Try again". */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  return (
    <Callout intent="danger" role="alert" title={title} className="civic-form-notice">
      <p>{error}</p>
      <Button text="Try again" onClick={onRetry} />
    </Callout>
  );
}
