import { CONSOLE_NAME } from '@civic/core/common/constants';
import type { MailMessage } from './mailer';

/** The identity mails. Plain text; links are built from CIVIC_PUBLIC_URL, never a request header. */
export const MailTemplates = {
  otp(to: string, code: string, minutes: number): MailMessage {
    return {
      to,
      subject: `${CONSOLE_NAME} one-time password`,
      text: `Your one-time password is ${code}\n\nIt is valid for ${minutes} minutes and can be used once. If you did not try to sign in, change your password.\n`,
    };
  },
  activation(to: string, link: string): MailMessage {
    return {
      to,
      subject: `Activate your ${CONSOLE_NAME} account`,
      text: `Open this link to activate your account:\n\n${link}\n\nThe link can be used once. If you did not sign up, ignore this mail.\n`,
    };
  },
  alreadyRegistered(to: string, forgotLink: string): MailMessage {
    return {
      to,
      subject: `Your ${CONSOLE_NAME} account`,
      text: `Someone tried to sign up with this email address, which already has an account.\n\nIf you forgot your password, reset it here:\n\n${forgotLink}\n`,
    };
  },
  passwordReset(to: string, link: string, minutes: number): MailMessage {
    return {
      to,
      subject: `Reset your ${CONSOLE_NAME} password`,
      text: `Open this link to set a new password:\n\n${link}\n\nThe link can be used once and expires in ${minutes} minutes. If you did not ask for it, ignore this mail.\n`,
    };
  },
} as const;
