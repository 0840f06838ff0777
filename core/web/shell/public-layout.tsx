import { Outlet } from 'react-router-dom';
import { CONSOLE_NAME } from '@civic/core/common/constants';
import { Footer } from './footer';

/** Pages for signed-out visitors (login and, later, signup, reset …): a centred card. */
export function PublicLayout() {
  return (
    <div className="civic-public">
      <PublicHeader />
      <main id="main-content" className="civic-public-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

/** The public layout's banner: its own component so the login page's static shell draws the same one. */
export function PublicHeader() {
  return (
    <header className="civic-public-header">
      <span className="civic-public-brand">{CONSOLE_NAME}</span>
    </header>
  );
}
