import { useEffect, useState } from '@civic/sdk/web/react';
import { ApiClient, useService } from '@civic/sdk/web';
import { WebChatApi, type RefusedOriginsResponse } from '../common/api';

/** The sites refused the widget in the last 30 days (not on the allowed domains): a site that tried to embed it. */
export function RefusedOriginsList(props: { appId: string }) {
  const api = useService<ApiClient>(ApiClient);
  const [origins, setOrigins] = useState<RefusedOriginsResponse['origins'] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api.get<RefusedOriginsResponse>(WebChatApi.refusedOrigins(props.appId)).then(
      (result) => live && setOrigins(result.origins),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api, props.appId]);
  if (failed) return <p className="bp6-text-muted">The sites refused recently could not be loaded.</p>;
  if (!origins) return null;
  return (
    <div data-testid="webchat-refused-origins">
      <h4 className="bp6-heading" style={{ fontSize: 14, margin: '12px 0 4px' }}>
        Sites refused recently
      </h4>
      {origins.length === 0 ? (
        <p className="bp6-text-muted">No other site has tried to show this chat in the last 30 days.</p>
      ) : (
        <ul aria-label="Sites refused recently">
          {origins.map((row) => (
            <li key={row.origin}>
              <code>{row.origin}</code> — {row.attempts === 1 ? 'once' : `${row.attempts} times`}, last {new Date(row.lastSeenAt).toLocaleString()}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
