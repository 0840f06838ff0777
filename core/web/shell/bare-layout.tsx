import { Outlet } from 'react-router-dom';
import { InactivityDialog } from '../auth/inactivity-dialog';
import { SessionDataGate } from './app-shell';
import { Header, PAGE_TITLE_ID } from './header';
import { SkipLink } from './skip-link';
import { useFocusOnNavigate } from './use-focus-on-navigate';

/** Signed-in pages without sidebar or footer (§2: flow editor, test-case evals, one-time code). */
export function BareLayout() {
  useFocusOnNavigate(PAGE_TITLE_ID);
  return (
    <div className="civic-bare">
      <SkipLink />
      <Header />
      <main id="main-content" className="civic-main" tabIndex={-1}>
        <SessionDataGate>
          <Outlet />
        </SessionDataGate>
      </main>
      <InactivityDialog />
    </div>
  );
}
