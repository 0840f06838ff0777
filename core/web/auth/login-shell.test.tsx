import { screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CoreApi } from '@civic/core/common/api-paths';
import { renderConsoleInTestApp } from '@civic/core/web/testing';
import { LoginShell } from './login-shell';

const authConfig = { loginKey: btoa('k'.repeat(32)), twoFactor: false, captcha: false, ssoEnabled: false };

/** An element's place in the page: each ancestor's tag and classes up to the public layout. */
function placeOf(element: Element | null): string[] {
  const place: string[] = [];
  for (let at = element; at; at = at.parentElement) {
    place.unshift(`${at.tagName.toLowerCase()}.${[...at.classList].sort().join('.')}`);
    if (at.classList.contains('civic-public')) break;
  }
  return place;
}

describe('LoginShell', () => {
  afterEach(() => localStorage.clear());

  it('draws the banner, heading and introduction exactly as the login page does, in the same places', async () => {
    const shell = document.createElement('div');
    shell.innerHTML = renderToStaticMarkup(<LoginShell />);
    await renderConsoleInTestApp({ route: '/login', api: { [`GET ${CoreApi.authConfig}`]: authConfig } });
    await screen.findByLabelText('Email');

    for (const selector of ['.civic-public-header', '#page-title', '.civic-login-intro']) {
      const drawn = shell.querySelector(selector);
      const real = document.body.querySelector(selector);
      expect(drawn).not.toBeNull();
      expect(drawn?.outerHTML).toBe(real?.outerHTML);
      expect(placeOf(drawn)).toEqual(placeOf(real));
    }
    expect(placeOf(shell.querySelector('.civic-login-intro'))[0]).toBe('div.civic-public');
    // Only what the page shows before its JavaScript: no form to type into that React would replace.
    expect(shell.querySelector('form, input, button')).toBeNull();
  });
});
