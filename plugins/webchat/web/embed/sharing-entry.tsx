import { createRoot } from '@civic/sdk/web/react-dom';
import '../../../knowledge-base/contract/web/responses/response-views.css';
import { SharingView } from '../sharing-view';
import './sharing-document.css';

/**
 * The standalone sharing document (pages/sharing.html), which the server sends for a page load of
 * /sharing/{appId}: the widget full screen, without the console's shell, services or Blueprint.
 */
const appId = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');
const root = document.getElementById('main-content');
if (root) createRoot(root).render(<SharingView appId={appId} />);
