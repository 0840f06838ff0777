import { signedIn } from '@civic/core/common/access';
import { definePlugin } from '@civic/sdk/common';
import type { PluginManifest } from '@civic/core/common/plugins';
import { paintFirst, renderPageShells } from './page-shells';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Civic Console</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-def.js">
    <link rel="modulepreload" crossorigin href="/assets/vendor-ghi.js">
    <link rel="stylesheet" crossorigin href="/assets/index-jkl.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const START = '/assets/start-after-paint-mno.js';
const page = () => Promise.resolve({ default: () => null });

const plugins: PluginManifest[] = [
  definePlugin({
    id: 'lists',
    title: 'Lists',
    canAccess: signedIn,
    routes: [
      { path: '/things/:appId', layout: 'main', appParam: 'appId', title: 'Things', description: 'Every thing of the app.', load: page },
      { path: '/things/:tabId/:appId', layout: 'main', appParam: 'appId', title: 'Things', description: 'Every thing of the app.', load: page },
      { path: '/thing/:appId/:mode', layout: 'main', appParam: 'appId', title: 'Thing', load: page },
      // One segment, two titles: no one frame is right for both.
      { path: '/mixed/:appId', layout: 'main', title: 'Mixed', load: page },
      { path: '/mixed/other/:appId', layout: 'main', title: 'Other', load: page },
      { path: '/public-thing', layout: 'public', title: 'Public thing', load: page },
    ],
  }),
];

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('renderPageShells', () => {
  const shells = renderPageShells({ indexHtml: INDEX, plugins, startAfterPaint: START });

  it("draws each signed-in segment's frame: its title in the header, its description above the loading screen", () => {
    const things = parse(shells.things);
    expect(things.querySelector('#root .civic-shell h1#page-title')?.textContent).toBe('Things');
    expect(things.querySelector('#root main .civic-page-header .civic-page-description')?.textContent).toBe('Every thing of the app.');
    expect(things.querySelector('#root main [role="status"]')?.textContent).toContain('Please wait');
    // A route without a description: the title, no empty header row.
    const thing = parse(shells.thing);
    expect(thing.querySelector('h1#page-title')?.textContent).toBe('Thing');
    expect(thing.querySelector('.civic-page-header')).toBeNull();
  });

  it('draws no frame where one segment has routes of two titles or another layout, and keeps /login', () => {
    expect(Object.keys(shells).sort()).toEqual(['login', 'thing', 'things']);
    // /settings (main) shares its segment with /settings/reset-password (bare).
    expect(shells.settings).toBeUndefined();
    expect(parse(shells.login).querySelector('#root .civic-login-intro')).not.toBeNull();
  });

  it("asks for the console's scripts once the shell has painted, not with the document", () => {
    for (const html of Object.values(shells)) {
      const head = parse(html).head;
      expect(head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
      const scripts = [...head.querySelectorAll('script')];
      expect(scripts).toHaveLength(1);
      expect(scripts[0].getAttribute('src')).toBe(START);
      expect(scripts[0].getAttribute('data-entry')).toBe('/assets/index-abc.js');
      expect(scripts[0].getAttribute('data-imports')).toBe('/assets/rolldown-runtime-def.js /assets/vendor-ghi.js');
      expect(head.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe('/assets/index-jkl.css');
    }
  });

  it('refuses an index.html it cannot start after the paint', () => {
    expect(() => paintFirst(INDEX.replace(/<script[^>]*><\/script>/, ''), START)).toThrow(/no module entry script/);
  });
});
