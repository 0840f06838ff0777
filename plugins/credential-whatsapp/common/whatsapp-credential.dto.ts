import { CredentialField, HTTPS_URL, httpsUrlMessage } from '@civic/sdk/common/credentials';
import { IsNotEmpty, IsString, IsUrl, Matches, MaxLength } from '@civic/sdk/common/validators';

/** A WhatsApp-Business-style messaging provider (Graph-API shape). */
export class WhatsAppCredentialDto {
  @CredentialField({ label: 'API base', help: 'The provider’s Graph API, version included.', placeholder: 'https://graph.facebook.com/v19.0' })
  @IsUrl(HTTPS_URL, { message: httpsUrlMessage })
  apiBase = 'https://graph.facebook.com/v19.0';

  @CredentialField({ label: 'Phone number ID', help: 'The sending number’s ID (digits), not the phone number.' })
  @Matches(/^\d{5,30}$/, { message: 'The phone number ID is digits only' })
  phoneNumberId = '';

  @CredentialField({ label: 'Access token', help: 'A system user’s permanent token. Write-only.' })
  @IsString({ message: 'Enter the access token' })
  @IsNotEmpty({ message: 'Enter the access token' })
  @MaxLength(1000, { message: 'The access token can be at most 1000 characters' })
  accessToken = '';

  @CredentialField({ label: 'Webhook verify token', help: 'The token the provider sends when it verifies the webhook. Write-only.' })
  @IsString({ message: 'Enter the webhook verify token' })
  @IsNotEmpty({ message: 'Enter the webhook verify token' })
  @MaxLength(200, { message: 'The webhook verify token can be at most 200 characters' })
  webhookVerifyToken = '';
}
