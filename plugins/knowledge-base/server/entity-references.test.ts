import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parametersRenamed, parametersWithout, refKey, renameInParts, tagsOf, untagParts } from './entity-references';

const parts = [
  { text: 'fly from ' },
  { text: 'Boston', entity_type: '@city', param_name: 'from', manual_tagged: true },
  { text: ' to ' },
  { text: 'NYC', entity_type: '@City', param_name: 'to' },
  { text: ' on ' },
  { text: 'Monday', entity_type: '@sys.date', param_name: 'date' },
];

test('refKey ignores the @ and case', () => {
  assert.equal(refKey('@City'), 'city');
  assert.equal(refKey('city'), 'city');
});

test('untagging keeps the text, merges plain neighbours and leaves other entities tagged', () => {
  assert.deepEqual(untagParts(parts, 'city'), [{ text: 'fly from Boston to NYC on ' }, { text: 'Monday', entity_type: '@sys.date', param_name: 'date' }]);
  assert.equal(untagParts(parts, 'city').map((p) => p.text).join(''), parts.map((p) => p.text).join(''));
});

test('renaming changes the entity of the tags, not their parameter names', () => {
  const renamed = renameInParts(parts, 'city', 'place');
  assert.deepEqual(renamed.filter((p) => p.entity_type).map((p) => [p.entity_type, p.param_name]), [['@place', 'from'], ['@place', 'to'], ['@sys.date', 'date']]);
  assert.deepEqual(tagsOf(renamed), ['@place', '@sys.date']);
});

test('parameters of the entity are removed or renamed', () => {
  const params = [
    { reference_id: 'a', display_name: 'from', entity_type_display_name: '@city', value: '$from', mandatory: true, is_list: false, prompts: [] },
    { reference_id: 'b', display_name: 'date', entity_type_display_name: '@sys.date', value: '$date', mandatory: false, is_list: false, prompts: [] },
  ];
  assert.deepEqual(parametersWithout(params, 'city').map((p) => p.display_name), ['date']);
  assert.deepEqual(parametersRenamed(params, 'city', 'place').map((p) => p.entity_type_display_name), ['@place', '@sys.date']);
});
