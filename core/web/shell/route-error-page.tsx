import { Button, Callout } from '@blueprintjs/core';
import { useRouteError, isRouteErrorResponse } from 'react-router-dom';
import { Messages } from '@civic/core/common/messages';

/**
 * A page that crashed (or whose code failed to download) is replaced by this, in place: the
 * sidebar, header and footer keep working. Reloading fetches a fresh build after a deploy.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  if (error) console.error('Page failed', error);
  return (
    <Callout intent="danger" title={Messages.genericServerError} role="alert" className="civic-route-error">
      {detail && <p className="civic-route-error-detail">{detail}</p>}
      <Button text="Reload the page" onClick={() => window.location.reload()} />
    </Callout>
  );
}
