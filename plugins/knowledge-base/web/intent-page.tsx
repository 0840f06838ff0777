import { Navigate, useParams } from '@civic/sdk/web/router';
import { IntentEditor } from './intent-editor';
import { isMode } from './paths';

/** /intent/{appId}/{mode}/{intentId} and /intent/{appId}/{mode} (§2): mode view, edit or create. */
export function IntentPage() {
  const { appId = '', mode, intentId } = useParams();
  if (!isMode(mode) || (mode !== 'create' && !intentId)) return <Navigate to={`/intents/${encodeURIComponent(appId)}`} replace />;
  return <IntentEditor key={`${mode}-${intentId ?? ''}`} appId={appId} kind="intent" mode={mode} intentId={intentId} />;
}
