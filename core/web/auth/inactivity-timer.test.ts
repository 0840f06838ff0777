/** @jest-environment node */
import { Timing } from '@civic/core/common/constants';
import { InactivityTimer } from './inactivity-timer';

const MIN = 60_000;

describe('InactivityTimer (§4)', () => {
  it('prompts after 25 idle minutes and expires 5 minutes later', () => {
    const timer = new InactivityTimer(0);
    expect(timer.tick(Timing.inactivityPromptMs - 1)).toBe('active');
    expect(timer.tick(25 * MIN)).toBe('prompt');
    expect(timer.tick(30 * MIN - 1)).toBe('prompt');
    expect(timer.tick(30 * MIN)).toBe('expired');
  });

  it('counts activity before the prompt, but not while it is open', () => {
    const timer = new InactivityTimer(0);
    timer.activity(20 * MIN);
    expect(timer.tick(44 * MIN)).toBe('active');
    expect(timer.tick(45 * MIN)).toBe('prompt');
    timer.activity(46 * MIN); // moving the mouse does not answer the dialog
    expect(timer.tick(50 * MIN)).toBe('expired');
  });

  it('starts over after STAY LOGGED IN', () => {
    const timer = new InactivityTimer(0);
    timer.tick(25 * MIN);
    timer.stay(26 * MIN);
    expect(timer.tick(50 * MIN)).toBe('active');
    expect(timer.tick(51 * MIN)).toBe('prompt');
  });
});
