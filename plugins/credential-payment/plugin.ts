import { defineCredentialPlugin } from '@civic/sdk/credentials';
import { testPayment } from './common/test-payment';

/** credential-payment: a payment provider's merchant account (key and webhook secret). */
export default defineCredentialPlugin({
  id: 'credential-payment',
  title: 'Payment provider',
  icon: 'credit-card',
  fields: () => import('./common/payment-credential.dto').then((m) => m.PaymentCredentialDto),
  secrets: ['apiKey', 'webhookSecret'],
  testConnection: testPayment,
  usedBy: ['Payments in conversations'],
  order: 650,
});
