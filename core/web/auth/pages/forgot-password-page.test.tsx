import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreApi } from '@civic/core/common/api-paths';
import { Messages } from '@civic/core/common/messages';
import { render } from './identity-test-support';

afterEach(() => localStorage.clear());

describe('/forgot-password', () => {
  it('shows the same confirmation whatever the email', async () => {
    const { api } = await render('/forgot-password', { [`POST ${CoreApi.forgotPassword}`]: { message: Messages.forgotPasswordSent } });
    await userEvent.type(await screen.findByLabelText('Email'), 'nobody@agency.gov.sg');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(Messages.forgotPasswordSent)).toBeTruthy();
    expect(api.callsTo('POST', CoreApi.forgotPassword)[0].body).toEqual({ email: 'nobody@agency.gov.sg' });
  });
});
