import { credentialKindRows } from '@civic/sdk/testing/server';

export const rows = credentialKindRows('credential-llm', 'apiKey');
