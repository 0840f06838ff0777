import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLTable, InputGroup, TagInput, TextArea } from '@civic/sdk/web/blueprint';
import { TrashIcon } from '@civic/sdk/web/icons';
import { observer } from '@civic/sdk/web/mobx';
import { useState } from '@civic/sdk/web/react';
import type { EntityEditor } from './entity-editor';

/** The pattern with a caret under the character where RE2 found the error. */
function ErrorPointer(props: { pattern: string; position: number }) {
  return (
    <pre aria-hidden="true" style={{ margin: '4px 0 0', padding: 4, fontSize: 12 }}>
      {props.pattern}
      {'\n'}
      {' '.repeat(props.position)}^
    </pre>
  );
}

/**
 * The entity's entries as an editable table: a value (or regular expression, with RE2's error under
 * it) per row, synonyms for a map entity, a delete button when editing. `valueRefs` holds each row's
 * value field by entry key, so the page can focus a row it just added.
 */
export const EntriesTable = observer(function EntriesTable(props: { editor: EntityEditor; readOnly: boolean; showRegexpErrors: boolean; valueRefs: Map<number, HTMLInputElement> }) {
  const { editor, readOnly, showRegexpErrors, valueRefs } = props;
  const kind = editor.kind;
  const regexp = kind === 'KIND_REGEXP';
  const problems = editor.regexpProblems;
  return (
    <HTMLTable aria-label="Entries" style={{ width: '100%' }}>
      <thead>
        <tr>
          <th scope="col">{regexp ? 'Regular expression' : 'Value'}</th>
          {kind === 'KIND_MAP' && <th scope="col">Synonyms</th>}
          {!readOnly && <th scope="col">Actions</th>}
        </tr>
      </thead>
      <tbody>
        {editor.entries.map((entry, index) => {
          const problem = showRegexpErrors || entry.value !== '' ? problems.get(entry.key) : undefined;
          const errorId = `entry-${entry.key}-error`;
          return (
            <tr key={entry.key}>
              <td>
                <InputGroup
                  aria-label={`${regexp ? 'Regular expression' : 'Value'} ${index + 1}`}
                  inputRef={(el: HTMLInputElement | null) => {
                    if (el) valueRefs.set(entry.key, el);
                    else valueRefs.delete(entry.key);
                  }}
                  value={entry.value}
                  readOnly={readOnly}
                  intent={problem ? 'danger' : undefined}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? errorId : undefined}
                  onChange={(e) => editor.updateValue(entry.key, e.target.value)}
                />
                {problem && (
                  <div className="civic-field-error">
                    <span id={errorId} role="alert">
                      {problem.message} at character {problem.position + 1}
                    </span>
                    <ErrorPointer pattern={entry.value} position={problem.position} />
                  </div>
                )}
              </td>
              {kind === 'KIND_MAP' && (
                <td>
                  <TagInput
                    values={entry.synonyms}
                    disabled={readOnly}
                    addOnBlur
                    addOnPaste
                    separator={/[,\n\r]/}
                    placeholder={readOnly ? undefined : 'Type a synonym, then Enter'}
                    inputProps={{ 'aria-label': `Synonyms of entry ${index + 1}` }}
                    tagProps={{ minimal: true }}
                    onChange={(values) => editor.setSynonyms(entry.key, values.map(String))}
                  />
                </td>
              )}
              {!readOnly && (
                <td>
                  <Button variant="minimal" icon={<TrashIcon />} aria-label={`Delete entry ${index + 1}`} onClick={() => editor.deleteEntry(entry.key)} />
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
});

/** Paste many entries: one per line, the value first, then its synonyms, separated by commas. */
export function PasteEntriesDialog(props: { isOpen: boolean; regexp: boolean; onClose: () => void; onAdd: (text: string) => number }) {
  const [text, setText] = useState('');
  const close = () => {
    setText('');
    props.onClose();
  };
  return (
    <Dialog isOpen={props.isOpen} onClose={close} title="Paste many entries">
      <DialogBody>
        <FormGroup
          label="Entries, one per line"
          labelFor="paste-entries"
          helperText={props.regexp ? 'One regular expression per line.' : 'The value first, then its synonyms, separated by commas: New York, NYC, Big Apple'}
        >
          <TextArea id="paste-entries" fill rows={8} value={text} onChange={(e) => setText(e.target.value)} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={close} />
            <Button
              intent="primary"
              text="Add entries"
              onClick={() => {
                props.onAdd(text);
                close();
              }}
            />
          </>
        }
      />
    </Dialog>
  );
}
