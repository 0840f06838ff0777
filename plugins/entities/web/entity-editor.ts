import { action, computed, makeObservable, observable } from '@civic/sdk/web/mobx';
import { checkRe2, type Re2Check } from '@civic/sdk/common/re2';
import { type EntityEntry, type EntityKind } from '../contract/common/index';
import { parseCsvRows } from '@civic/sdk/web/csv';
import type { EntityDetail } from '../common/api';
import { checkboxesOf, deriveEntityKind, normaliseEntityName, type KindCheckboxes } from '../common/entity-rules';

export interface EditorEntry {
  /** Stable key for React lists and focus. */
  key: number;
  value: string;
  synonyms: string[];
}

/**
 * The entity editor's state (§4 "Entity editing"): name, the three checkboxes that decide the kind,
 * the entries; `changed` is set by every edit and cleared by load.
 */
export class EntityEditor {
  name = '';
  boxes: KindCheckboxes = { synonyms: true, regexp: false, fuzzy: false };
  entries: EditorEntry[] = [];
  changed = false;
  version = 0;
  private nextKey = 1;

  constructor() {
    makeObservable<EntityEditor, 'nextKey'>(this, {
      name: observable,
      boxes: observable,
      entries: observable,
      changed: observable,
      version: observable,
      nextKey: false,
      kind: computed,
      load: action,
      setName: action,
      setBox: action,
      addEntry: action,
      updateValue: action,
      setSynonyms: action,
      deleteEntry: action,
      addMany: action,
    });
  }

  get kind(): EntityKind {
    return deriveEntityKind(this.boxes);
  }

  /** A new entity (create mode) or a stored one; either way nothing is changed yet. */
  load(entity: EntityDetail | null): void {
    this.name = entity?.display_name ?? '';
    this.boxes = entity ? checkboxesOf(entity.kind, entity.enable_fuzzy_extraction) : { synonyms: true, regexp: false, fuzzy: false };
    this.entries = (entity?.entities ?? [{ value: '', synonyms: [] }]).map((e) => this.entry(e.value, e.synonyms));
    this.version = entity?.version ?? 0;
    this.changed = false;
  }

  setName(name: string): void {
    this.name = name;
    this.changed = true;
  }

  setBox(box: keyof KindCheckboxes, checked: boolean): void {
    this.boxes = { ...this.boxes, [box]: checked };
    this.changed = true;
  }

  addEntry(): EditorEntry {
    const added = this.entry('', []);
    this.entries = [...this.entries, added];
    this.changed = true;
    return added;
  }

  updateValue(key: number, value: string): void {
    this.entries = this.entries.map((e) => (e.key === key ? { ...e, value } : e));
    this.changed = true;
  }

  setSynonyms(key: number, synonyms: string[]): void {
    this.entries = this.entries.map((e) => (e.key === key ? { ...e, synonyms: unique(synonyms) } : e));
    this.changed = true;
  }

  deleteEntry(key: number): void {
    this.entries = this.entries.filter((e) => e.key !== key);
    this.changed = true;
  }

  /**
   * Adds entries from pasted text or a CSV file: one entry per line, the value first, then its
   * synonyms ("New York, NYC, big apple"). A value already present gains the new synonyms. Blank
   * rows and the empty entry the editor starts with are dropped. A regexp entity reads each line
   * as one pattern (commas belong to the pattern). Returns how many rows were read.
   */
  addMany(text: string): number {
    const rows = this.kind === 'KIND_REGEXP' ? parsePatternLines(text) : parseEntryRows(text);
    const entries = this.entries.filter((e) => e.value.trim() !== '' || e.synonyms.length > 0);
    for (const row of rows) {
      const existing = entries.findIndex((e) => e.value.trim().toLowerCase() === row.value.toLowerCase());
      if (existing >= 0) entries[existing] = { ...entries[existing], synonyms: unique([...entries[existing].synonyms, ...row.synonyms]) };
      else entries.push(this.entry(row.value, row.synonyms));
    }
    this.entries = entries;
    if (rows.length > 0) this.changed = true;
    return rows.length;
  }

  /** RE2 problems by entry key (regexp entities only). */
  get regexpProblems(): Map<number, Extract<Re2Check, { ok: false }>> {
    const problems = new Map<number, Extract<Re2Check, { ok: false }>>();
    if (this.kind !== 'KIND_REGEXP') return problems;
    for (const entry of this.entries) {
      if (entry.value === '') continue;
      const check = checkRe2(entry.value);
      if (!check.ok) problems.set(entry.key, check);
    }
    return problems;
  }

  /** The body for POST (create) or PUT (with the version it edited). */
  toBody(withVersion: boolean): object {
    const kind = this.kind;
    return {
      display_name: normaliseEntityName(this.name),
      kind,
      enable_fuzzy_extraction: this.boxes.fuzzy,
      entities: this.entries.map((e): EntityEntry => ({ value: kind === 'KIND_REGEXP' ? e.value : e.value.trim(), synonyms: kind === 'KIND_MAP' ? e.synonyms : [] })),
      ...(withVersion ? { version: this.version } : {}),
    };
  }

  private entry(value: string, synonyms: string[]): EditorEntry {
    return { key: this.nextKey++, value, synonyms: [...synonyms] };
  }
}

function unique(values: string[]): string[] {
  const seen = new Set<string>();
  return values.map((v) => v.trim()).filter((v) => v !== '' && !seen.has(v.toLowerCase()) && (seen.add(v.toLowerCase()), true));
}

/**
 * CSV rows (RFC 4180: quoted fields keep their commas) → entries; the first cell is the value, the
 * rest synonyms. Text pasted from a spreadsheet arrives tab-separated, so a tab on the first line
 * makes tab the delimiter; otherwise it is always the comma. A first row whose first cell is
 * "value" is a header and is skipped.
 */
export function parseEntryRows(text: string): EntityEntry[] {
  const body = text.trim();
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const rows = parseCsvRows(body, firstLine.includes('\t') ? '\t' : ',').map((cells) => cells.map((c) => c.trim()).filter((c) => c !== '')).filter((cells) => cells.length > 0);
  if (rows.length > 0 && rows[0][0].toLowerCase() === 'value') rows.shift();
  return rows.map(([value, ...synonyms]) => ({ value, synonyms: unique(synonyms) }));
}

/** One RE2 pattern per non-blank line, as written. */
export function parsePatternLines(text: string): EntityEntry[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((value) => ({ value, synonyms: [] }));
}
