import { CredentialField, HTTPS_URL, httpsUrlMessage } from '@civic/sdk/common/credentials';
import { IsNotEmpty, IsString, IsUrl, Matches, MaxLength } from '@civic/sdk/common/validators';

/** An OpenAI-compatible chat-completions provider (a hosted model or one of the agency's own). */
export class LlmCredentialDto {
  @CredentialField({
    label: 'Base URL',
    help: 'The OpenAI-compatible API up to its version: the console calls <base URL>/models and <base URL>/chat/completions.',
    placeholder: 'https://api.openai.com/v1',
  })
  @IsUrl(HTTPS_URL, { message: httpsUrlMessage })
  @MaxLength(500, { message: 'The base URL can be at most 500 characters' })
  baseUrl = '';

  @CredentialField({ label: 'Model', help: 'The model id as the provider lists it.', placeholder: 'gpt-4o-mini' })
  @IsString({ message: 'Enter the model' })
  @IsNotEmpty({ message: 'Enter the model' })
  @MaxLength(200, { message: 'The model can be at most 200 characters' })
  @Matches(/^[\w.:/@-]*$/, { message: 'A model id has only letters, digits and . _ - : / @' })
  model = '';

  @CredentialField({ label: 'API key', help: 'Sent as a bearer token. Write-only.' })
  @IsString({ message: 'Enter the API key' })
  @IsNotEmpty({ message: 'Enter the API key' })
  @MaxLength(500, { message: 'The API key can be at most 500 characters' })
  apiKey = '';
}
