import { CredentialField, HTTPS_URL, httpsUrlMessage } from '@civic/sdk/common/credentials';
import { IsNotEmpty, IsString, IsUrl, MaxLength } from '@civic/sdk/common/validators';

/** The OpenID Connect realm the console's single sign-on uses (else CIVIC_SSO_* from the environment). */
export class SsoRealmCredentialDto {
  @CredentialField({ label: 'Issuer', help: 'The realm’s issuer URL; its /.well-known/openid-configuration must answer.', placeholder: 'https://login.example.gov.sg/realms/civic' })
  @IsUrl(HTTPS_URL, { message: httpsUrlMessage })
  issuer = '';

  @CredentialField({ label: 'Client ID', help: 'The console’s client in that realm.' })
  @IsString({ message: 'Enter the client ID' })
  @IsNotEmpty({ message: 'Enter the client ID' })
  @MaxLength(200, { message: 'The client ID can be at most 200 characters' })
  clientId = '';

  @CredentialField({ label: 'Client secret', help: 'Write-only: once saved it is never shown again.' })
  @IsString({ message: 'Enter the client secret' })
  @IsNotEmpty({ message: 'Enter the client secret' })
  @MaxLength(500, { message: 'The client secret can be at most 500 characters' })
  clientSecret = '';
}
