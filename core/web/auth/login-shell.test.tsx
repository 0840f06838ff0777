import { screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CoreApi } from '@civic/core/common/api-paths';
import { placeOf, renderConsoleInTestApp } from '@civic/core/web/testing';
import { LoginShell } from './login-shell';

const authConfig = { loginKey: btoa('k'.repeat(32)), twoFactor: false, captcha: false, ssoEnabled: false };

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
      expect(placeOf(drawn, 'civic-public')).toEqual(placeOf(real, 'civic-public'));
    }
    expect(placeOf(shell.querySelector('.civic-login-intro'), 'civic-public')[0]).toBe('div.civic-public');
    // Only what the page shows before its JavaScript: no form to type into that React would replace.
    expect(shell.querySelector('form, input, button')).toBeNull();
  });
});
