import { CredentialField, HTTPS_URL, httpsUrlMessage } from '@civic/sdk/common/credentials';
import { IsNotEmpty, IsString, IsUrl, Matches, MaxLength } from '@civic/sdk/common/validators';

/** A payment provider's merchant account. */
export class PaymentCredentialDto {
  @CredentialField({ label: 'API endpoint', placeholder: 'https://api.payments.example.com' })
  @IsUrl(HTTPS_URL, { message: httpsUrlMessage })
  endpoint = '';

  @CredentialField({ label: 'Merchant ID', help: 'Letters, digits, dashes and underscores.' })
  @Matches(/^[A-Za-z0-9_-]{3,64}$/, { message: 'The merchant ID is 3 to 64 letters, digits, dashes or underscores' })
  merchantId = '';

  @CredentialField({ label: 'API key', help: 'Write-only.' })
  @IsString({ message: 'Enter the API key' })
  @IsNotEmpty({ message: 'Enter the API key' })
  @MaxLength(500, { message: 'The API key can be at most 500 characters' })
  apiKey = '';

  @CredentialField({ label: 'Webhook secret', help: 'Signs the provider’s payment notifications. Write-only.' })
  @IsString({ message: 'Enter the webhook secret' })
  @IsNotEmpty({ message: 'Enter the webhook secret' })
  @MaxLength(500, { message: 'The webhook secret can be at most 500 characters' })
  webhookSecret = '';
}
