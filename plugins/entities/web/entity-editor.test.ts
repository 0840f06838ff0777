import { EntityEditor, parseEntryRows } from './entity-editor';
import type { EntityDetail } from '../common/api';

const stored: EntityDetail = {
  id: 'e1',
  appId: 'a1',
  display_name: 'city',
  kind: 'KIND_MAP',
  enable_fuzzy_extraction: true,
  entities: [{ value: 'New York', synonyms: ['NYC'] }],
  version: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('EntityEditor', () => {
  it('clears the changed flag on load and sets it on every kind of edit', () => {
    const editor = new EntityEditor();
    editor.load(stored);
    expect(editor.changed).toBe(false);
    const edits: Array<(e: EntityEditor) => void> = [
      (e) => e.setName('town'),
      (e) => e.setBox('regexp', true),
      (e) => e.addEntry(),
      (e) => e.updateValue(e.entries[0].key, 'NY'),
      (e) => e.setSynonyms(e.entries[0].key, ['NYC', 'Gotham']),
      (e) => e.deleteEntry(e.entries[0].key),
      (e) => e.addMany('Boston, Beantown'),
    ];
    for (const edit of edits) {
      editor.load(stored);
      expect(editor.changed).toBe(false);
      edit(editor);
      expect(editor.changed).toBe(true);
    }
  });

  it('loads the checkboxes from the kind and derives the kind from them', () => {
    const editor = new EntityEditor();
    editor.load(stored);
    expect(editor.boxes).toEqual({ synonyms: true, regexp: false, fuzzy: true });
    expect(editor.kind).toBe('KIND_MAP');
    editor.setBox('regexp', true);
    expect(editor.kind).toBe('KIND_REGEXP');
    editor.setBox('synonyms', false);
    expect(editor.kind).toBe('KIND_LIST');
  });

  it('adds, updates and deletes entries and builds the request body', () => {
    const editor = new EntityEditor();
    editor.load(null);
    expect(editor.entries).toHaveLength(1);
    editor.setName(' @fruit ');
    editor.updateValue(editor.entries[0].key, ' apple ');
    editor.setSynonyms(editor.entries[0].key, ['pomme', 'Pomme', ' ']);
    const pear = editor.addEntry();
    editor.updateValue(pear.key, 'pear');
    const gone = editor.addEntry();
    editor.deleteEntry(gone.key);
    expect(editor.toBody(false)).toEqual({
      display_name: 'fruit',
      kind: 'KIND_MAP',
      enable_fuzzy_extraction: false,
      entities: [
        { value: 'apple', synonyms: ['pomme'] },
        { value: 'pear', synonyms: [] },
      ],
    });
    editor.load(stored);
    expect(editor.toBody(true)).toMatchObject({ version: 3 });
  });

  it('pastes many entries, merging synonyms into values already there', () => {
    const editor = new EntityEditor();
    editor.load(stored);
    expect(editor.addMany('Boston, Beantown\n\n"Washington, D.C.", DC\nnew york, Big Apple')).toBe(3);
    expect(editor.entries.map((e) => [e.value, e.synonyms])).toEqual([
      ['New York', ['NYC', 'Big Apple']],
      ['Boston', ['Beantown']],
      ['Washington, D.C.', ['DC']],
    ]);
  });

  it('drops the blank starting entry when pasting into a new entity', () => {
    const editor = new EntityEditor();
    editor.load(null);
    editor.addMany('red\nblue');
    expect(editor.entries.map((e) => e.value)).toEqual(['red', 'blue']);
  });

  it('reports RE2 problems with their position, only for regexp entities', () => {
    const editor = new EntityEditor();
    editor.load({ ...stored, kind: 'KIND_REGEXP', entities: [{ value: 'ok\\d+', synonyms: [] }, { value: 'ab(c', synonyms: [] }] });
    const problems = [...editor.regexpProblems.values()];
    expect(problems).toEqual([{ ok: false, message: 'Invalid RE2 regular expression: missing closing )', position: 4 }]);
    editor.setBox('regexp', false);
    expect(editor.regexpProblems.size).toBe(0);
  });
});

describe('pasting into a regexp entity', () => {
  it('reads each line as one pattern, commas included', () => {
    const editor = new EntityEditor();
    editor.load({ ...stored, kind: 'KIND_REGEXP', entities: [] });
    expect(editor.addMany('\\d{2,3}\n\n[a-z]+,x\n')).toBe(2);
    expect(editor.entries.map((e) => e.value)).toEqual(['\\d{2,3}', '[a-z]+,x']);
  });
});

describe('parseEntryRows', () => {
  it('reads quoted CSV fields and ignores blank cells and rows', () => {
    expect(parseEntryRows('a,,b\n\n  \n"c, d",e\n')).toEqual([
      { value: 'a', synonyms: ['b'] },
      { value: 'c, d', synonyms: ['e'] },
    ]);
  });
  it('keeps quoted, comma-separated synonyms apart even when a value holds a | or ;', () => {
    // papaparse's delimiter guess took "|" here and cut the quoted synonym in two
    expect(parseEntryRows('x|y,"a|b, c"')).toEqual([{ value: 'x|y', synonyms: ['a|b, c'] }]);
    expect(parseEntryRows('"Washington; D.C.","DC, the district"')).toEqual([{ value: 'Washington; D.C.', synonyms: ['DC, the district'] }]);
    expect(parseEntryRows('licence;permit,"driving licence, permit"')).toEqual([{ value: 'licence;permit', synonyms: ['driving licence, permit'] }]);
    expect(parseEntryRows('a\nb;c\n"d; e",f')).toEqual([
      { value: 'a', synonyms: [] },
      { value: 'b;c', synonyms: [] },
      { value: 'd; e', synonyms: ['f'] },
    ]);
  });
  it('reads text pasted from a spreadsheet as tab-separated', () => {
    expect(parseEntryRows('New York\tNYC, the city\tbig apple')).toEqual([{ value: 'New York', synonyms: ['NYC, the city', 'big apple'] }]);
  });
  it('skips a header row', () => {
    expect(parseEntryRows('Value,Synonym 1,Synonym 2\nred,crimson')).toEqual([{ value: 'red', synonyms: ['crimson'] }]);
  });
});
