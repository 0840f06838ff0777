import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeSettingsChange } from './describe-settings-change';

const before = { mlConfidenceThreshold: 0.7, qnaConfidenceThreshold: 0.6 };

test('names each changed threshold with its old and new value', () => {
  assert.equal(describeSettingsChange(before, { mlConfidenceThreshold: 0.8 }), 'mlConfidenceThreshold 0.7 → 0.8');
  assert.equal(
    describeSettingsChange(before, { mlConfidenceThreshold: 0.8, qnaConfidenceThreshold: 0.5 }),
    'mlConfidenceThreshold 0.7 → 0.8, qnaConfidenceThreshold 0.6 → 0.5',
  );
});

test('says so when nothing changed', () => {
  assert.equal(describeSettingsChange(before, { mlConfidenceThreshold: 0.7 }), 'no change');
});

test('null is automatic, both ways', () => {
  assert.equal(describeSettingsChange(before, { mlConfidenceThreshold: null, qnaConfidenceThreshold: null }), 'mlConfidenceThreshold 0.7 → automatic, qnaConfidenceThreshold 0.6 → automatic');
  assert.equal(describeSettingsChange({ mlConfidenceThreshold: null, qnaConfidenceThreshold: null }, { mlConfidenceThreshold: 0.5 }), 'mlConfidenceThreshold automatic → 0.5');
});
