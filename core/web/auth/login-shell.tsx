import { PublicHeader } from '../shell/public-layout';
import { PublicCard } from './auth-links';
import { LoginCopy } from './login-copy';

/**
 * What /login shows before its JavaScript has run: the public layout's banner and the login card's
 * heading and introduction, as the same components draw them on the real page (the form and the
 * footer come with React). The build renders it to static HTML inside the page's #root
 * (host/web/page-shells.tsx); React's first render, the whole login page, replaces it in one
 * commit, with the heading and introduction where they were.
 */
export function LoginShell() {
  return (
    <div className="civic-public">
      <PublicHeader />
      <main id="main-content" className="civic-public-main" tabIndex={-1}>
        <PublicCard title={LoginCopy.title} intro={LoginCopy.intro}>
          {null}
        </PublicCard>
      </main>
    </div>
  );
}
