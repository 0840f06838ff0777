import { ArrayMaxSize, Equals, IsArray, IsIn, IsOptional, IsString, Matches, MaxLength, isEmail, registerDecorator, type ValidationArguments } from '@civic/sdk/common/validators';
import { CHANNELS, type Channel } from './api';
import { SubscribersMessages as M } from './messages';

/** A topic: a short free tag (`service-disruption`, `deadlines`). */
export const TOPIC_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;

/** What the contact must look like on each channel, and the message when it does not. */
const CONTACT_RULES: Record<Channel, { valid: (contact: string) => boolean; message: string }> = {
  WEB_CHAT: { valid: (c) => c.length <= 254 && isEmail(c), message: M.emailInvalid },
  TELEGRAM: { valid: (c) => /^\d{5,15}$/.test(c), message: M.telegramInvalid },
  WHATSAPP: { valid: (c) => /^\+[1-9]\d{7,14}$/.test(c), message: M.phoneInvalid },
};

/** The contact is what its channel reaches (an unknown channel is the channel's own message). */
function ContactOfChannel() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'contactOfChannel',
      target: target.constructor,
      propertyName,
      validator: {
        validate: (value: unknown, args: ValidationArguments) => {
          const rule = CONTACT_RULES[(args.object as OptInDto).channel];
          return !rule || (typeof value === 'string' && rule.valid(value));
        },
        defaultMessage: (args: ValidationArguments) => CONTACT_RULES[(args.object as OptInDto).channel]?.message ?? M.channelRequired,
      },
    });
}

/**
 * POST /api/v1/chat/{appId}/subscriptions: a citizen opts in to an app's announcements on a
 * channel. The widget and the server check it with this class (class-validator reports the bottom
 * decorator's message first). The contact is what the channel reaches: an e-mail for web chat, the
 * numeric user id for Telegram, an international phone number for WhatsApp.
 */
export class OptInDto {
  @IsIn(CHANNELS, { message: M.channelRequired })
  channel!: Channel;

  @ContactOfChannel()
  contact!: string;

  @IsOptional()
  @Matches(TOPIC_PATTERN, { each: true, message: M.topicsInvalid })
  @IsString({ each: true, message: M.topicsInvalid })
  @ArrayMaxSize(10, { message: M.topicsInvalid })
  @IsArray({ message: M.topicsInvalid })
  topics?: string[];

  /** The citizen ticked the consent box: must be exactly true. */
  @Equals(true, { message: M.consentRequired })
  consent!: boolean;

  @Matches(/^[\w.-]{1,40}$/, { message: M.consentVersionRequired })
  @IsString({ message: M.consentVersionRequired })
  consentVersion!: string;

  /** Where the opt-in came from (`widget`, `sharing-page`, `telegram-bot`). */
  @IsOptional()
  @MaxLength(60, { message: M.sourceInvalid })
  @IsString({ message: M.sourceInvalid })
  source?: string;
}
