import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WEBCHAT_DEFAULTS } from '../common/webchat-settings';
import { describeWebChatChange } from './describe-webchat-change';

const base = { ...WEBCHAT_DEFAULTS };

test('names the changed fields', () => {
  assert.equal(describeWebChatChange(base, { ...base, appColor: '#000000', appEnableAutoComplete: true }), 'changed appColor, appEnableAutoComplete');
  assert.equal(describeWebChatChange(base, { ...base }), 'no change');
});
