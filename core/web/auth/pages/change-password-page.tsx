import { Button, Callout, Card } from '@blueprintjs/core';
import { observer } from '../../mobx/observer';
import { useEffect, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ChangePasswordDto } from '@civic/core/common/dto/password-flows.dto';
import { Messages } from '@civic/core/common/messages';
import { isApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';
import { useSubmission } from '../../forms/use-submission';
import { useService } from '../../di/container-context';
import { usePageTitle } from '../../page/use-page-title';
import { ToastService } from '../../toasts/toast-service';
import { AuthService } from '../auth-service';
import { FormField } from '../../forms/form-field';
import { IdentityPaths } from '../identity-routes';
import { PasswordRulesChecklist } from '../password-rules-checklist';
import { serverFieldErrors, useDtoForm } from '../../forms/use-dto-form';

const FIELDS = ['oldPassword', 'password', 'confirmPassword'] as const;
export const PASSWORD_CHANGED = 'Your password has been changed.';

/**
 * /settings/reset-password (bare layout): the signed-in user changes their password. The §2 guard
 * holds users who never reset theirs here until they do.
 */
export const ChangePasswordPage = observer(function ChangePasswordPage() {
  const auth = useService<AuthService>(AuthService);
  const toasts = useService<ToastService>(ToastService);
  const navigate = useNavigate();
  const forced = auth.user?.hasResetPassword === false;
  const form = useDtoForm('change-password', ChangePasswordDto, { oldPassword: '', password: '', confirmPassword: '' });
  const { submitting, failure, run } = useSubmission();
  usePageTitle('Change password');

  useEffect(() => form.refs.oldPassword.current?.focus(), []); // eslint-disable-line react-hooks/exhaustive-deps

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    await run(
      async () => {
        await auth.changePassword(form.values);
        toasts.notify(PASSWORD_CHANGED);
        navigate(forced ? '/dashboard' : IdentityPaths.settings, { replace: true });
      },
      (error) => {
        const shown = isApiError(error) ? serverFieldErrors(error.fields, FIELDS) : {};
        if (Object.keys(shown).length > 0) form.showErrors(shown);
        else return errorMessage(error);
      },
    );
  }

  return (
    <div className="civic-narrow-page">
      <Card elevation={1}>
        {forced && (
          <Callout intent="warning" role="status" className="civic-form-notice">
            {Messages.passwordChangeRequired}
          </Callout>
        )}
        {failure && (
          <Callout intent="danger" role="alert" className="civic-form-notice">
            {failure}
          </Callout>
        )}
        <form onSubmit={(e) => void submit(e)} noValidate aria-label="Change password">
          <FormField form={form} field="oldPassword" label="Current password" type="password" autoComplete="current-password" />
          <FormField form={form} field="password" label="New password" type="password" autoComplete="new-password" />
          <FormField form={form} field="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
          <PasswordRulesChecklist password={form.values.password} confirmation={form.values.confirmPassword} />
          <div className="civic-form-actions">
            <Button type="submit" intent="primary" size="large" loading={submitting} text="Change password" />
            {!forced && <Button size="large" text="Cancel" onClick={() => navigate(IdentityPaths.settings)} />}
          </div>
        </form>
      </Card>
    </div>
  );
});
