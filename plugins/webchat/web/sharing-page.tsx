import { useParams } from '@civic/sdk/web/router';
import { SharingView } from './sharing-view';

/**
 * /sharing/{appId} inside the console (public layout). A citizen opening the link loads the
 * standalone sharing document instead (the server sends it for /sharing/… page loads): the
 * widget alone, without the console's code.
 */
export function SharingPage() {
  const { appId = '' } = useParams();
  return <SharingView appId={appId} />;
}
