import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WEBCHAT_DEFAULTS } from '../common/webchat-settings';
import { describeWebChatChange } from './describe-webchat-change';

const base = { ...WEBCHAT_DEFAULTS, allowedOrigins: [] as string[] };

test('names the changed fields, arrays compared by value', () => {
  assert.equal(describeWebChatChange(base, { ...base, appColor: '#000000', allowedOrigins: ['https://a.gov.sg'] }), 'changed appColor, allowedOrigins');
  assert.equal(describeWebChatChange(base, { ...base, allowedOrigins: [] }), 'no change');
});
