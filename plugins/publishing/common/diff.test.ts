import { EMPTY_SNAPSHOT, type KnowledgeSnapshot, type SnapshotIntent } from '../../knowledge-base/contract/common/knowledge/index';
import { diffSnapshots } from './diff';

function intent(id: string, displayName: string, more: Partial<SnapshotIntent> = {}): SnapshotIntent {
  return {
    id,
    kind: 'intent',
    displayName,
    parentId: null,
    defaultKind: null,
    webhook_state: 'WEBHOOK_STATE_UNSPECIFIED',
    action: '',
    events: [],
    inputContexts: [],
    outputContexts: [],
    trainingPhrases: [],
    parameters: [],
    responses: [],
    categoryIds: [],
    labelIds: [],
    answerOwner: null,
    sourceUrl: null,
    reviewBy: null,
    ...more,
  };
}
const phrase = (text: string) => ({ type: 'example' as const, parts: [{ text }], text });
const snap = (more: Partial<KnowledgeSnapshot>): KnowledgeSnapshot => ({ ...EMPTY_SNAPSHOT, ...more });

describe('diffSnapshots', () => {
  it('reports added, removed and changed items with field-level changes', () => {
    const before = snap({
      intents: [intent('1', 'Hours', { trainingPhrases: [phrase('when open'), phrase('hours')] }), intent('2', 'Gone')],
      categories: [{ id: 'c1', name: 'Travel' }],
    });
    const after = snap({
      intents: [intent('1', 'Opening hours', { trainingPhrases: [phrase('hours'), phrase('what time')], categoryIds: ['c1'] }), intent('3', 'New')],
      categories: [{ id: 'c1', name: 'Travel' }],
    });
    const diff = diffSnapshots(before, after);
    expect(diff.summary).toEqual({ added: 1, removed: 1, changed: 1 });
    const changed = diff.changes.find((c) => c.change === 'changed');
    expect(changed?.name).toBe('Opening hours');
    expect(changed?.fields.find((f) => f.field === 'Name')).toEqual({ field: 'Name', before: 'Hours', after: 'Opening hours' });
    expect(changed?.fields.find((f) => f.field === 'Training phrases')).toMatchObject({ added: ['what time'], removed: ['when open'] });
    expect(changed?.fields.find((f) => f.field === 'Categories')).toMatchObject({ added: ['Travel'] });
    expect(diff.changes.find((c) => c.change === 'removed')?.fields[0]).toMatchObject({ field: 'Name', before: 'Gone', after: null });
  });

  it('reads as content: human labels for enums and channels, html and other messages rendered as text', () => {
    const before = snap({ entityTypes: [] });
    const after = snap({
      entityTypes: [{ id: 'e', display_name: 'branch', kind: 'KIND_MAP', enable_fuzzy_extraction: false, entities: [{ value: 'Woodlands', synonyms: [] }] }],
      intents: [
        intent('1', 'Fees', {
          webhook_state: 'WEBHOOK_STATE_ENABLED',
          responses: [
            {
              platform: 'PLATFORM_UNSPECIFIED',
              enable_default_response: true,
              messages: [
                { type: 'html', html: '<p>The fee is <b>$70</b> &amp; payable online.</p>' },
                { type: 'file', fileUri: 'https://www.gov.sg/fees.pdf', name: 'Fee schedule' },
              ],
            },
            { platform: 'LINE', enable_default_response: false, messages: [{ type: 'text', text: ['$70'] }] },
          ],
        }),
      ],
    });
    const diff = diffSnapshots(before, after);
    const fields = (section: string) => diff.changes.find((c) => c.section === section)?.fields ?? [];
    expect(fields('entityTypes').find((f) => f.field === 'Kind')?.after).toBe('Map');
    expect(fields('intents').find((f) => f.field === 'Webhook')?.after).toBe('On');
    expect(fields('intents').find((f) => f.field === 'Responses')?.after).toEqual(['Web chat (default): The fee is $70 & payable online.', 'Web chat (default): File: https://www.gov.sg/fees.pdf, Fee schedule', 'LINE: $70']);
    const shown = diff.changes.flatMap((c) => c.fields.flatMap((f) => [f.after ?? []].flat())).join('\n');
    expect(shown).not.toMatch(/KIND_|WEBHOOK_|PLATFORM_|<p>|\{"/);
  });

  it('pairs items by name when ids differ (another app, a re-import) and finds nothing in equal content', () => {
    const a = snap({ glossary: [{ id: 'x', term: 'ICA', synonyms: ['immigration'], definition: 'Authority' }] });
    const b = snap({ glossary: [{ id: 'y', term: 'ICA', synonyms: ['immigration'], definition: 'Authority' }] });
    expect(diffSnapshots(a, b).changes).toEqual([]);
    const c = snap({ glossary: [{ id: 'y', term: 'ICA', synonyms: [], definition: 'Authority' }] });
    expect(diffSnapshots(a, c).changes[0]).toMatchObject({ section: 'glossary', change: 'changed', fields: [{ field: 'Synonyms', removed: ['immigration'] }] });
  });
});
