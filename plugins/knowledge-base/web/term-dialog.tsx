import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, TextArea } from '@civic/sdk/web/blueprint';
import { useState } from '@civic/sdk/web/react';
import { ApiClient } from '@civic/sdk/web/services';
import type { GlossaryTerm } from '../contract/common/knowledge/index';
import { validateDto } from '@civic/sdk/common/validation';
import { errorMessage, useService } from '@civic/sdk/web';
import { KbApi } from '../common/api';
import { GlossaryTermDto } from '../common/glossary.dto';

/** Add or edit one glossary term, checked with the server's DTO (fetched with the first opening). */
export function TermDialog({ appId, term, onClose }: { appId: string; term: GlossaryTerm | null; onClose(saved: boolean): void }) {
  const api = useService<ApiClient>(ApiClient);
  const [name, setName] = useState(term?.term ?? '');
  const [synonyms, setSynonyms] = useState(term?.synonyms.join(', ') ?? '');
  const [definition, setDefinition] = useState(term?.definition ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function save() {
    const body = { term: name, synonyms: synonyms.split(',').map((s) => s.trim()).filter(Boolean), definition };
    const check = validateDto(GlossaryTermDto, body);
    if (check.messages.length > 0) {
      setError(check.messages[0]);
      return;
    }
    setBusy(true);
    try {
      if (term) await api.put(KbApi.term(appId, term.id), { ...body, version: term.version });
      else await api.post(KbApi.glossary(appId), body);
      onClose(true);
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen title={term ? `Edit ${term.term}` : 'Add term'} onClose={() => onClose(false)}>
      <DialogBody>
        <form
          id="glossary-term-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <FormGroup label="Term" labelFor="glossary-term">
            <InputGroup id="glossary-term" autoFocus value={name} onChange={(e) => setName(e.target.value)} />
          </FormGroup>
          <FormGroup label="Synonyms (comma separated)" labelFor="glossary-synonyms">
            <InputGroup id="glossary-synonyms" value={synonyms} onChange={(e) => setSynonyms(e.target.value)} />
          </FormGroup>
          <FormGroup label="Definition" labelFor="glossary-definition">
            <TextArea id="glossary-definition" fill rows={3} value={definition} onChange={(e) => setDefinition(e.target.value)} />
          </FormGroup>
          {error && (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          )}
        </form>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={() => onClose(false)} />
            <Button intent="primary" type="submit" form="glossary-term-form" text="Save term" loading={busy} />
          </>
        }
      />
    </Dialog>
  );
}
