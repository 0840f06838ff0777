import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreApi } from '@civic/core/common/api-paths';
import { Messages } from '@civic/core/common/messages';
import { authConfig, GOOD, render } from './identity-test-support';

afterEach(() => localStorage.clear());

describe('/signup', () => {
  it('checks name, email domain and password rules with the §8 messages, then shows "check your email"', async () => {
    const { api } = await render('/signup', { [`POST ${CoreApi.signup}`]: { message: Messages.signupReceived } });
    const name = await screen.findByLabelText('Name');
    await userEvent.type(name, 'x'.repeat(51));
    await userEvent.tab();
    expect(screen.getByText(Messages.only50Characters)).toBeTruthy();
    await userEvent.clear(name);
    await userEvent.type(name, 'Sam Signup');
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText(Messages.passwordLength)).toBeTruthy();
    expect(screen.getByText(Messages.passwordsDoNotMatch)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));

    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), GOOD);
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), GOOD);
    expect(screen.getByText(/Same as the confirmation/).textContent).toContain('(met)');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(Messages.emailDomainNotAllowed)).toBeTruthy();
    expect(api.callsTo('POST', CoreApi.signup)).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'sam@agency.gov.sg');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText(Messages.signupReceived)).toBeTruthy();
    expect(api.callsTo('POST', CoreApi.signup)[0].body).toEqual({ name: 'Sam Signup', email: 'sam@agency.gov.sg', password: GOOD, confirmPassword: GOOD });
  });

  it('shows the captcha only when the deployment turns it on, and asks for it before sending', async () => {
    const { api } = await render('/signup', { [`GET ${CoreApi.authConfig}`]: { ...authConfig, captcha: true } });
    expect(await screen.findByRole('checkbox', { name: 'I am not a robot' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Name'), 'Sam');
    await userEvent.type(screen.getByLabelText('Email'), 'sam@agency.gov.sg');
    await userEvent.type(screen.getByLabelText('Password'), GOOD);
    await userEvent.type(screen.getByLabelText('Confirm password'), GOOD);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(Messages.captchaFailed)).toBeTruthy();
    expect(api.callsTo('POST', CoreApi.signup)).toHaveLength(0);
  });
});
