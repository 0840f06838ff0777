import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Matches } from 'class-validator';
import { ConfigError } from '../config/config-error';
import { readPluginSettings, type PluginSetting } from './plugin-settings';

const limit: PluginSetting<number> = {
  env: 'CIVIC_WIDGET_LIMIT',
  default: '10',
  description: 'widgets per minute',
  rules: [Matches(/^\d{1,4}$/, { message: 'CIVIC_WIDGET_LIMIT must be a whole number of widgets' })],
  parse: Number,
};
const colour: PluginSetting<string> = {
  env: 'CIVIC_WIDGET_COLOUR',
  default: 'blue',
  description: 'the widget colour',
  rules: [],
  check: (raw) => (['blue', 'red'].includes(raw) ? null : 'CIVIC_WIDGET_COLOUR must be blue or red'),
  parse: (raw) => raw,
};
const plugin = (id: string, settings: Record<string, PluginSetting<unknown>>) => ({ manifest: { id }, module: { settings } });

test("a plugin's settings read their variables, parsed, and their defaults when unset or empty", () => {
  const read = readPluginSettings([plugin('widgets', { limit, colour }), { manifest: { id: 'plain' } }], { CIVIC_WIDGET_LIMIT: '25', CIVIC_WIDGET_COLOUR: '' });
  assert.deepEqual(read.get('widgets'), { limit: 25, colour: 'blue' });
  assert.deepEqual(read.get('plain'), {});
});

test('every bad value of every plugin is reported at once, with its rule\'s message', () => {
  assert.throws(
    () => readPluginSettings([plugin('widgets', { limit }), plugin('paint', { colour })], { CIVIC_WIDGET_LIMIT: 'lots', CIVIC_WIDGET_COLOUR: 'green' }),
    (error: unknown) => error instanceof ConfigError && error.problems.join('|') === 'CIVIC_WIDGET_LIMIT must be a whole number of widgets|CIVIC_WIDGET_COLOUR must be blue or red',
  );
});

test('two plugins may not declare one variable, and a variable is named CIVIC_…', () => {
  assert.throws(() => readPluginSettings([plugin('a', { limit }), plugin('b', { limit })], {}), /CIVIC_WIDGET_LIMIT is declared by both a and b/);
  assert.throws(() => readPluginSettings([plugin('a', { bad: { ...limit, env: 'widget_limit' } })], {}), /its name must start with CIVIC_/);
});
