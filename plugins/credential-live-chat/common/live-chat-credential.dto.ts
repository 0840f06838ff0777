import { CredentialField, HTTPS_URL, httpsUrlMessage } from '@civic/sdk/common/credentials';
import { IsNotEmpty, IsString, IsUrl, MaxLength } from '@civic/sdk/common/validators';

/** A live chat provider that takes conversations over from the bot; apps pick one as `liveChatService`. */
export class LiveChatCredentialDto {
  @CredentialField({ label: 'Endpoint', help: 'The provider’s API base.', placeholder: 'https://livechat.example.gov.sg/api' })
  @IsUrl(HTTPS_URL, { message: httpsUrlMessage })
  endpoint = '';

  @CredentialField({ label: 'API key', help: 'Sent as X-Api-Key. Write-only.' })
  @IsString({ message: 'Enter the API key' })
  @IsNotEmpty({ message: 'Enter the API key' })
  @MaxLength(500, { message: 'The API key can be at most 500 characters' })
  apiKey = '';
}
