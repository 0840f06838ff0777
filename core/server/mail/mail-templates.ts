import { CONSOLE_NAME } from '@civic/core/common/constants';
import type { MailMessage } from './mailer';

/** Who invited someone, and to which app as which role (none: a platform-wide account). */
export interface Invitation {
  inviterName: string;
  appName?: string;
  roleName?: string;
}

/** Names come from people: one line, no control characters, not too long. */
function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 120);
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** The identity mails. Plain text; links are built from CIVIC_PUBLIC_URL, never a request header. */
export const MailTemplates = {
  otp(to: string, code: string, minutes: number): MailMessage {
    return {
      to,
      subject: `${CONSOLE_NAME} one-time password`,
      text: `Your one-time password is ${code}\n\nIt is valid for ${minutes} minutes and can be used once. If you did not try to sign in, change your password.\n`,
    };
  },
  /** A person invited by someone: who, to what, as what, and for how long the link is good. */
  invitation(to: string, invite: Invitation & { link: string; days: number; setsPassword: boolean }): MailMessage {
    const to_ = invite.appName ? `the ${invite.appName} chat app on ${CONSOLE_NAME}${invite.roleName ? ` as ${article(invite.roleName)} ${invite.roleName}` : ''}` : CONSOLE_NAME;
    const step = invite.setsPassword ? 'choose your password and sign in' : 'activate your account, then sign in with the password you were given';
    return {
      to,
      subject: `${oneLine(invite.inviterName)} invited you to ${invite.appName ? oneLine(invite.appName) : CONSOLE_NAME}`,
      text:
        `${oneLine(invite.inviterName)} invited you to ${to_}.\n\n` +
        `Open this link to ${step}:\n\n${invite.link}\n\n` +
        `The link can be used once and is good for ${invite.days} ${invite.days === 1 ? 'day' : 'days'}. If it has expired, ask ${oneLine(invite.inviterName)} to invite you again.\n`,
    };
  },
  /** An existing account added to an app's team. */
  addedToApp(to: string, added: Required<Pick<Invitation, 'appName' | 'roleName'>> & Pick<Invitation, 'inviterName'> & { link: string }): MailMessage {
    return {
      to,
      subject: `${oneLine(added.inviterName)} added you to ${oneLine(added.appName)}`,
      text: `${oneLine(added.inviterName)} added you to the ${oneLine(added.appName)} chat app on ${CONSOLE_NAME} as ${article(added.roleName)} ${added.roleName}.\n\nSign in to start:\n\n${added.link}\n`,
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
  /** The lock just started: from where the failed attempts came, and the owner's way out. */
  accountLocked(to: string, details: { at: Date; ip: string; browser: string | undefined; lockMinutes: number; unlockLink: string }): MailMessage {
    // The browser is what the request claimed: one line, no control characters, not too long.
    const browser = (details.browser ?? 'unknown').replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 200);
    return {
      to,
      subject: `Your ${CONSOLE_NAME} account is locked`,
      text:
        `Signing in to your account was locked for ${details.lockMinutes} minutes after too many wrong passwords or one-time codes.\n\n` +
        `The last attempt: ${details.at.toISOString()} from IP address ${details.ip}, browser ${browser}.\n\n` +
        `If that was you, open this link to unlock your account now (it can be used once, until the lock ends):\n\n${details.unlockLink}\n\n` +
        `If it was not you, your password may be known to someone else: unlock, sign in and change it, or reset it from the sign-in page.\n`,
    };
  },
  /** Forgot-password for an account an administrator locked: no link, but the reason and the way out. */
  lockedByAdmin(to: string): MailMessage {
    return {
      to,
      subject: `Your ${CONSOLE_NAME} account is locked`,
      text:
        `Someone asked to reset the password of your account, but an administrator has locked it, so its password cannot be reset.\n\n` +
        `Ask your agency's ${CONSOLE_NAME} administrator or the platform team to unlock it. If you did not ask for a reset, you need do nothing.\n`,
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
