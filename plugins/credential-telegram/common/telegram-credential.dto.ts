import { CredentialField, HTTPS_URL, httpsUrlMessage } from '@civic/sdk/common/credentials';
import { IsUrl, Matches } from '@civic/sdk/common/validators';

/** A Telegram-style bot: one token. */
export class TelegramCredentialDto {
  @CredentialField({ label: 'API base', help: 'The Bot API server.', placeholder: 'https://api.telegram.org' })
  @IsUrl(HTTPS_URL, { message: httpsUrlMessage })
  apiBase = 'https://api.telegram.org';

  @CredentialField({ label: 'Bot token', help: 'As BotFather gave it: digits, a colon, then letters. Write-only.' })
  @Matches(/^\d{3,20}:[A-Za-z0-9_-]{20,100}$/, { message: 'A bot token looks like 123456:ABC-DEF… (digits, a colon, then at least 20 letters)' })
  botToken = '';
}
