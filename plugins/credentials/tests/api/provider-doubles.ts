import type { ReceivedRequest, TestAnswer } from '@civic/sdk/testing/server';

/** The good secrets the loopback providers accept; anything else is refused as a real provider would. */
export const GOOD = {
  ssoSecret: 'sso-client-secret-0001',
  deskKey: 'desk-api-key-abcdef-0002',
  whatsappToken: 'EAAGwhatsapp-access-token-0003',
  whatsappVerify: 'verify-token-0004',
  telegramToken: '123456789:AAF-telegram-bot-token-0005xyz',
  paymentKey: 'sk_live_payment_key_0006',
  paymentWebhook: 'whsec_payment_webhook_0007',
  liveChatKey: 'livechat-key-0008-abcdef',
  llmKey: 'sk-llm-key-0009-abcdef',
};

const json = (status: number, body: unknown): TestAnswer => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const bearer = (request: ReceivedRequest) => String(request.headers.authorization ?? '').replace(/^Bearer /, '');

/**
 * One loopback HTTPS server speaking each provider's shape, by path prefix: an OIDC realm's
 * discovery, a ticketing API, a Graph-style messaging API, a Bot API, a payment API, a live chat
 * API and an OpenAI-compatible LLM API. `base` is the server's own URL (the realm names itself with it).
 */
export function providerDoubles(base: () => string) {
  return (request: ReceivedRequest): TestAnswer => {
    const path = request.path;
    if (path === '/realm/.well-known/openid-configuration') return json(200, { issuer: `${base()}/realm`, token_endpoint: `${base()}/realm/token`, authorization_endpoint: `${base()}/realm/auth` });
    if (path === '/desk/users/me') return bearer(request) === GOOD.deskKey ? json(200, { user: { id: 1 } }) : json(401, { error: `Invalid key ${bearer(request)}` });
    if (path.startsWith('/graph/')) {
      if (bearer(request) !== GOOD.whatsappToken) return json(401, { error: { message: 'Invalid OAuth access token' } });
      return path.startsWith('/graph/1234567?') ? json(200, { display_phone_number: '+65 6000 0000', id: '1234567' }) : json(400, { error: { message: 'Unsupported get request' } });
    }
    if (path.startsWith('/tg/bot')) return path === `/tg/bot${GOOD.telegramToken}/getMe` ? json(200, { ok: true, result: { id: 1, is_bot: true, username: 'civic_bot' } }) : json(401, { ok: false, description: 'Unauthorized' });
    if (path.startsWith('/pay/v1/merchants/')) {
      if (bearer(request) !== GOOD.paymentKey) return json(401, { error: 'bad key' });
      return path === '/pay/v1/merchants/M-1' ? json(200, { id: 'M-1', name: 'Civic Merchant' }) : json(404, { error: 'no such merchant' });
    }
    if (path === '/llm/v1/models') return bearer(request) === GOOD.llmKey ? json(200, { object: 'list', data: [{ id: 'civic-small' }] }) : json(401, { error: { message: `Incorrect API key provided: ${bearer(request)}` } });
    if (path === '/chat/status') return request.headers['x-api-key'] === GOOD.liveChatKey ? json(200, { agentsOnline: 3 }) : json(403, { error: 'forbidden' });
    return json(404, { error: 'not found' });
  };
}

/** A valid body of each kind, pointing at the loopback providers. */
export function validBodies(base: string): Record<string, Record<string, string>> {
  return {
    'credential-sso': { issuer: `${base}/realm`, clientId: 'civic-console', clientSecret: GOOD.ssoSecret },
    'credential-support-desk': { endpoint: `${base}/desk`, apiKey: GOOD.deskKey },
    'credential-whatsapp': { apiBase: `${base}/graph`, phoneNumberId: '1234567', accessToken: GOOD.whatsappToken, webhookVerifyToken: GOOD.whatsappVerify },
    'credential-telegram': { apiBase: `${base}/tg`, botToken: GOOD.telegramToken },
    'credential-payment': { endpoint: `${base}/pay`, merchantId: 'M-1', apiKey: GOOD.paymentKey, webhookSecret: GOOD.paymentWebhook },
    'credential-live-chat': { endpoint: `${base}/chat`, apiKey: GOOD.liveChatKey },
    'credential-llm': { baseUrl: `${base}/llm/v1`, model: 'civic-small', apiKey: GOOD.llmKey },
  };
}

/** The field of each kind to replace with a wrong value to see the provider refuse it. */
export const REFUSABLE: Record<string, { field: string; wrong: string; reason: RegExp; okReason: RegExp }> = {
  'credential-sso': { field: 'issuer', wrong: '', reason: /./, okReason: /names this issuer/ },
  'credential-support-desk': { field: 'apiKey', wrong: 'wrong-desk-key-123456', reason: /refused the key/, okReason: /accepted the key/ },
  'credential-whatsapp': { field: 'accessToken', wrong: 'wrong-whatsapp-token', reason: /refused the access token/, okReason: /\+65 6000 0000/ },
  'credential-telegram': { field: 'botToken', wrong: '987654321:BBBBBBBBBBBBBBBBBBBBBBBBB', reason: /token was refused/, okReason: /@civic_bot/ },
  'credential-payment': { field: 'apiKey', wrong: 'sk_live_wrong_key_9999', reason: /refused the API key/, okReason: /Civic Merchant/ },
  'credential-live-chat': { field: 'apiKey', wrong: 'wrong-livechat-key-00', reason: /refused the key/, okReason: /3 agents online/ },
  'credential-llm': { field: 'apiKey', wrong: 'sk-llm-wrong-key-0000', reason: /refused the key/, okReason: /model civic-small is available/ },
};
