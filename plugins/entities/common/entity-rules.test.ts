import { validateDto } from '@civic/sdk/common/validation';
import { checkboxesOf, deriveEntityKind, entityNameProblem, normaliseEntityName } from './entity-rules';
import { EntityCreateDto, entriesProblem } from './entity.dto';
import { EntityMessages } from './messages';

describe('entity name (§5)', () => {
  it.each(['a', 'City', 'case-number', 'snake_case', 'A1', 'a'.repeat(30), 'x-_-9'])('accepts %p', (name) => {
    expect(entityNameProblem(name)).toBeNull();
  });
  it.each(['1abc', '_abc', '-abc', 'has space', '@city', 'ünï', 'dot.ted', 'a'.repeat(31), 'tab\t'])('refuses %p with the rule', (name) => {
    expect(entityNameProblem(name)).toBe(EntityMessages.nameRule);
  });
  it('asks for a name when there is none', () => {
    expect(entityNameProblem('  ')).toBe(EntityMessages.nameRequired);
  });
  it('strips the @ and spaces a user types', () => {
    expect(normaliseEntityName(' @city ')).toBe('city');
    expect(normaliseEntityName('city')).toBe('city');
  });
});

describe('kind from the three checkboxes (§4)', () => {
  it.each([
    [{ synonyms: true, regexp: true, fuzzy: false }, 'KIND_REGEXP'],
    [{ synonyms: true, regexp: true, fuzzy: true }, 'KIND_REGEXP'],
    [{ synonyms: true, regexp: false, fuzzy: true }, 'KIND_MAP'],
    [{ synonyms: true, regexp: false, fuzzy: false }, 'KIND_MAP'],
    [{ synonyms: false, regexp: false, fuzzy: false }, 'KIND_LIST'],
    [{ synonyms: false, regexp: true, fuzzy: false }, 'KIND_LIST'],
    [{ synonyms: false, regexp: false, fuzzy: true }, 'KIND_LIST'],
    [{ synonyms: false, regexp: true, fuzzy: true }, 'KIND_LIST'],
  ] as const)('%p gives %s', (boxes, kind) => {
    expect(deriveEntityKind(boxes)).toBe(kind);
  });
  it('loads the boxes back from a stored kind', () => {
    for (const kind of ['KIND_MAP', 'KIND_LIST', 'KIND_REGEXP'] as const) {
      for (const fuzzy of [true, false]) {
        const boxes = checkboxesOf(kind, fuzzy);
        expect(boxes.fuzzy).toBe(fuzzy);
        expect(deriveEntityKind(boxes)).toBe(kind);
      }
    }
  });
});

describe('EntityCreateDto (form and server)', () => {
  const valid = { display_name: 'city', kind: 'KIND_MAP', enable_fuzzy_extraction: false, entities: [{ value: 'New York', synonyms: ['NYC'] }] };
  it('accepts a valid entity', () => {
    expect(validateDto(EntityCreateDto, valid).messages).toEqual([]);
  });
  it('names the rule for a bad name', () => {
    expect(validateDto(EntityCreateDto, { ...valid, display_name: '9x' }).fields.display_name).toEqual([EntityMessages.nameRule]);
  });
  it('checks regexp entries as RE2 and says where the error is', () => {
    const outcome = validateDto(EntityCreateDto, { ...valid, kind: 'KIND_REGEXP', entities: [{ value: '\\d+', synonyms: [] }, { value: 'a**', synonyms: [] }] });
    expect(outcome.fields.entities).toEqual(['Entry "a**": Invalid RE2 regular expression: invalid nested repetition operator (at character 2)']);
  });
  it('leaves the same text alone in a map entity', () => {
    expect(entriesProblem('KIND_MAP', [{ value: 'a**', synonyms: [] }])).toBeNull();
  });
  it('refuses duplicate values regardless of case and spaces', () => {
    expect(entriesProblem('KIND_LIST', [{ value: 'Red' }, { value: ' red' }])).toBe(EntityMessages.duplicateValue('red'));
  });
  it('refuses blank values', () => {
    expect(validateDto(EntityCreateDto, { ...valid, entities: [{ value: ' ', synonyms: [] }] }).messages).toEqual([EntityMessages.valueRequired]);
  });
});
