import { AXIS_LABEL_CHARS, categoryBars, shortLabel } from './category-bars';

describe('shortLabel', () => {
  it('keeps a name that fits', () => {
    expect(shortLabel('Renew passport')).toBe('Renew passport');
    expect(shortLabel('x'.repeat(AXIS_LABEL_CHARS))).toBe('x'.repeat(AXIS_LABEL_CHARS));
  });

  it('cuts a long name at a word end, with an ellipsis, within the room', () => {
    const short = shortLabel('Apply for a senior citizen concession card for a parent');
    expect(short).toBe('Apply for a senior citizen…');
    expect(short.length).toBeLessThanOrEqual(AXIS_LABEL_CHARS);
  });

  it('cuts a name without spaces where the room ends', () => {
    const short = shortLabel('renew_passport_collection_reschedule_followup');
    expect(short).toBe('renew_passport_collection_reschedul…');
    expect(short).toHaveLength(AXIS_LABEL_CHARS);
  });
});

describe('categoryBars', () => {
  it('keeps names whose short forms match as bars of their own, the whole name in the hover', () => {
    const a = 'How long does a passport renewal take for children?';
    const b = 'How long does a passport renewal take for seniors?';
    const chart = categoryBars([a, b], [{ name: 'Messages', values: [3, 4], marker: { color: 'red' } }]);
    const [trace] = chart.data as Array<{ y: string[]; x: number[]; orientation: string; hovertemplate: string }>;
    expect(trace).toMatchObject({ y: [a, b], x: [3, 4], orientation: 'h' });
    expect(trace.hovertemplate).toBe('%{y}<br>Messages: %{x}<extra></extra>');
    const axis = chart.layout.yaxis as { tickvals: string[]; ticktext: string[]; autorange: string };
    expect(axis.tickvals).toEqual([a, b]);
    expect(axis.ticktext[0]).toBe(axis.ticktext[1]);
    expect(axis.autorange).toBe('reversed');
    expect(chart.layout.barmode).toBeUndefined();
  });

  it('groups several series and grows a row a name', () => {
    const names = Array.from({ length: 20 }, (_, i) => `intent ${i}`);
    const series = [
      { name: 'Thumbs up', values: names.map(() => 1), marker: {} },
      { name: 'Thumbs down', values: names.map(() => 2), marker: {} },
    ];
    const chart = categoryBars(names, series);
    expect(chart.layout.barmode).toBe('group');
    expect(chart.height).toBeGreaterThan(categoryBars(names.slice(0, 5), series).height);
    expect(categoryBars([], series).height).toBe(240);
  });
});
