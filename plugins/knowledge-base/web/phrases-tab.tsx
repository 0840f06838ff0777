import { Button, ButtonGroup, FormGroup, HTMLSelect, InputGroup, TextArea } from '@civic/sdk/web/blueprint';
import { AddIcon, TrashIcon } from '@civic/sdk/web/icons';
import { memo, useState } from '@civic/sdk/web/react';
import { phraseText, type TrainingPhrase } from '../contract/common/knowledge/index';
import { linesToPhrases, tagPhrase, tagWords, untagPart } from '../common/phrase-tagging';
import { entityColour } from './entity-colours';

interface Props {
  phrases: TrainingPhrase[];
  onChange(phrases: TrainingPhrase[]): void;
  /** An entity was tagged: the editor adds its parameter when missing. */
  onTagged(entity: string): void;
  readOnly: boolean;
  entities: string[];
  /** "Training phrases" or, for Q&A, "Question variants". */
  noun: string;
}

interface Pending {
  index: number;
  start: number;
  end: number;
  words: string;
  entity: string;
}

/** The phrases tab (§3 Training phrase): add one or many, example/template, select text to tag an entity. */
export function PhrasesTab({ phrases, onChange, onTagged, readOnly, entities, noun }: Props) {
  const [newPhrase, setNewPhrase] = useState('');
  const [bulk, setBulk] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const singular = noun.replace(/s$/, '').toLowerCase();

  const add = () => {
    const added = linesToPhrases(newPhrase, phrases);
    if (added.length > 0) onChange([...added, ...phrases]);
    setNewPhrase('');
  };
  const addMany = () => {
    const added = linesToPhrases(bulk, phrases);
    if (added.length > 0) onChange([...phrases, ...added]);
    setBulk('');
  };
  const replace = (index: number, phrase: TrainingPhrase) => onChange(phrases.map((p, i) => (i === index ? phrase : p)));

  const applyTag = () => {
    if (!pending || !pending.entity) return;
    const phrase = phrases[pending.index];
    const selected = phraseText(phrase).slice(pending.start, pending.end);
    const tagged = selected === pending.words && pending.end > pending.start ? tagPhrase(phrase, pending.start, pending.end, pending.entity) : tagWords(phrase, pending.words, pending.entity);
    if (tagged !== phrase) {
      replace(pending.index, tagged);
      onTagged(pending.entity);
    }
    setPending(null);
  };

  const onSelect = (index: number, element: HTMLElement) => {
    if (readOnly) return;
    const selection = window.getSelection();
    if (!selection || selection.isCollapsed || !selection.anchorNode || !selection.focusNode) return;
    const offsetOf = (node: Node, offset: number) => {
      const span = (node.nodeType === Node.TEXT_NODE ? node.parentElement : (node as HTMLElement))?.closest<HTMLElement>('[data-offset]');
      return span && element.contains(span) ? Number(span.dataset.offset) + offset : null;
    };
    const a = offsetOf(selection.anchorNode, selection.anchorOffset);
    const b = offsetOf(selection.focusNode, selection.focusOffset);
    if (a === null || b === null) return;
    const [start, end] = [Math.min(a, b), Math.max(a, b)];
    setPending({ index, start, end, words: phraseText(phrases[index]).slice(start, end), entity: pending?.entity ?? entities[0] ?? '' });
  };

  return (
    <div className="civic-kb-stack">
      {!readOnly && (
        <>
          <FormGroup label={`Add a ${singular}`} labelFor="kb-new-phrase" helperText="Press Enter to add. Then select words in a phrase to tag them with an entity.">
            <InputGroup
              id="kb-new-phrase"
              value={newPhrase}
              onChange={(e) => setNewPhrase(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
              rightElement={<Button variant="minimal" icon={<AddIcon />} aria-label={`Add ${singular}`} onClick={add} />}
            />
          </FormGroup>
          <FormGroup label="Quick add: paste several, one per line" labelFor="kb-bulk-phrases">
            <TextArea id="kb-bulk-phrases" fill rows={3} value={bulk} onChange={(e) => setBulk(e.target.value)} />
            <Button className="civic-kb-bulk-add" text={`Add ${linesToPhrases(bulk, phrases).length || ''} ${noun.toLowerCase()}`.replace('  ', ' ')} disabled={bulk.trim() === ''} onClick={addMany} />
          </FormGroup>
        </>
      )}
      <h3 className="civic-card-title">
        {noun} ({phrases.length})
      </h3>
      {phrases.length === 0 && <p>No {noun.toLowerCase()} yet.</p>}
      <ol className="civic-kb-phrases" aria-label={noun}>
        {phrases.map((phrase, index) => (
          <li key={phrase.reference_id} className="civic-kb-phrase">
            <PhraseText phrase={phrase} onMouseUp={(el) => onSelect(index, el)} onUntag={readOnly ? undefined : (part) => replace(index, untagPart(phrase, part))} />
            <HTMLSelect
              aria-label={`Type of ${phraseText(phrase)}`}
              value={phrase.type}
              disabled={readOnly}
              onChange={(e) => replace(index, { ...phrase, type: e.target.value as TrainingPhrase['type'] })}
              options={[{ value: 'example', label: 'Example' }, { value: 'template', label: 'Template' }]}
            />
            {!readOnly && (
              <ButtonGroup variant="minimal">
                <Button text="Tag…" aria-label={`Tag an entity in ${phraseText(phrase)}`} onClick={() => setPending({ index, start: 0, end: 0, words: '', entity: pending?.entity ?? entities[0] ?? '' })} />
                <Button icon={<TrashIcon />} aria-label={`Delete ${phraseText(phrase)}`} onClick={() => onChange(phrases.filter((_, i) => i !== index))} />
              </ButtonGroup>
            )}
            {pending?.index === index && (
              <div className="civic-kb-row civic-kb-tagbar" role="group" aria-label="Tag an entity">
                <FormGroup label="Words to tag" labelFor="kb-tag-words">
                  <InputGroup id="kb-tag-words" autoFocus={pending.words === ''} value={pending.words} onChange={(e) => setPending({ ...pending, words: e.target.value })} />
                </FormGroup>
                <FormGroup label="Entity" labelFor="kb-tag-entity">
                  <HTMLSelect id="kb-tag-entity" value={pending.entity} onChange={(e) => setPending({ ...pending, entity: e.target.value })} options={[{ value: '', label: 'Choose an entity' }, ...entities.map((e) => ({ value: e, label: e }))]} />
                </FormGroup>
                <Button intent="primary" text="Tag" disabled={!pending.entity || pending.words.trim() === ''} onClick={applyTag} />
                <Button text="Cancel" onClick={() => setPending(null)} />
              </div>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A phrase with its tagged parts highlighted in their entity's colour; each part knows its offset. */
const PhraseText = memo(function PhraseText({ phrase, onMouseUp, onUntag }: { phrase: TrainingPhrase; onMouseUp(el: HTMLElement): void; onUntag?: (part: number) => void }) {
  let offset = 0;
  return (
    <span className="civic-kb-phrase-text" onMouseUp={(e) => onMouseUp(e.currentTarget)}>
      {phrase.parts.map((part, i) => {
        const at = offset;
        offset += part.text.length;
        return part.entity_type ? (
          <mark
            key={i}
            data-offset={at}
            className="civic-kb-annotation"
            style={{ background: entityColour(part.entity_type) }}
            title={onUntag ? `${part.entity_type} (double-click to remove the tag)` : part.entity_type}
            onDoubleClick={onUntag ? () => onUntag(i) : undefined}
          >
            {part.text}
          </mark>
        ) : (
          <span key={i} data-offset={at}>
            {part.text}
          </span>
        );
      })}
    </span>
  );
});
