import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { signedIn } from '@civic/core/common/access';
import { definePlugin } from '@civic/core/common/plugins';
import { placeOf, renderConsoleInTestApp, testApp, testUser } from '@civic/core/web/testing';
import { Page } from '../page/page';
import { ShellFrame } from './shell-frame';

const DESCRIPTION = 'Every thing of the app.';
let releasePage: () => void = () => undefined;
const pageCode = new Promise<{ default: ComponentType }>((resolve) => {
  releasePage = () => resolve({ default: () => <Page title="Things">the things</Page> });
});

const things = definePlugin({
  id: 'things',
  title: 'Things',
  canAccess: signedIn,
  routes: [{ path: '/things/:appId', layout: 'main', appParam: 'appId', title: 'Things', description: DESCRIPTION, load: () => pageCode }],
});

describe('ShellFrame', () => {
  afterEach(() => localStorage.clear());

  it("draws the title and the route's description as the shell and the page do, in the same places, and they stay while the page's code loads", async () => {
    const frame = document.createElement('div');
    frame.innerHTML = renderToStaticMarkup(<ShellFrame lead={{ title: 'Things', description: DESCRIPTION }} />);
    await renderConsoleInTestApp({ plugins: [things], user: testUser(), app: testApp('a1', 'Plus'), route: '/things/a1' });

    // The page's code has not come: its description is there already, above the skeleton.
    expect(await screen.findByText(DESCRIPTION)).toBeTruthy();
    expect(screen.queryByText('the things')).toBeNull();
    const loading = document.body.querySelector('.civic-page-description');
    expect(placeOf(loading, 'civic-shell')).toEqual(placeOf(frame.querySelector('.civic-page-description'), 'civic-shell'));

    releasePage();
    expect(await screen.findByText('the things')).toBeTruthy();
    // The page took its route's description, drawn where the frame drew it.
    for (const selector of ['#page-title', '.civic-page-description']) {
      const drawn = frame.querySelector(selector);
      const real = document.body.querySelector(selector);
      expect(drawn?.outerHTML).toBe(real?.outerHTML);
      expect(placeOf(drawn, 'civic-shell')).toEqual(placeOf(real, 'civic-shell'));
    }
  });
});
