import { CredentialField, HTTPS_URL, httpsUrlMessage } from '@civic/sdk/common/credentials';
import { IsNotEmpty, IsString, IsUrl, MaxLength } from '@civic/sdk/common/validators';

/** A ticketing system's REST API (Zendesk-, Freshdesk-style), for the help desk's tickets. */
export class SupportDeskCredentialDto {
  @CredentialField({ label: 'API endpoint', help: 'The base of the ticketing REST API.', placeholder: 'https://desk.example.gov.sg/api/v2' })
  @IsUrl(HTTPS_URL, { message: httpsUrlMessage })
  endpoint = '';

  @CredentialField({ label: 'API key', help: 'Sent as a bearer token. Write-only.' })
  @IsString({ message: 'Enter the API key' })
  @IsNotEmpty({ message: 'Enter the API key' })
  @MaxLength(500, { message: 'The API key can be at most 500 characters' })
  apiKey = '';
}
