import { Button, Callout, Checkbox, FormGroup, HTMLSelect, InputGroup, TextArea } from '@civic/sdk/web/blueprint';
import { AddIcon, TrashIcon } from '@civic/sdk/web/icons';
import { cleanParameterName, type ActionParameter } from '../contract/common/knowledge/index';
import { Limits } from '@civic/sdk/common/messages';
import { KbMessages } from '../common/messages';
import { newParameter } from './new-parameter';

interface Props {
  parameters: ActionParameter[];
  onChange(parameters: ActionParameter[]): void;
  readOnly: boolean;
  entities: string[];
}

/** §3 Action parameters: name (letters, digits, -, _), entity type, value, mandatory, is_list, prompts (§5 limits). */
export function ParametersTab({ parameters, onChange, readOnly, entities }: Props) {
  const update = (index: number, patch: Partial<ActionParameter>) => onChange(parameters.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const full = parameters.length >= Limits.parametersMax;
  return (
    <div className="civic-kb-stack">
      {parameters.length === 0 && <p>No parameters. Tagging an entity in a training phrase adds its parameter.</p>}
      {parameters.map((parameter, index) => {
        const id = `kb-param-${index}`;
        const tooManyPrompts = parameter.prompts.length > Limits.promptsPerParameterMax;
        return (
          <fieldset key={parameter.reference_id} className="civic-kb-param">
            <legend>{parameter.display_name || `Parameter ${index + 1}`}</legend>
            <div className="civic-kb-row">
              <FormGroup label="Name" labelFor={`${id}-name`} helperText="Letters, digits, dash and underscore">
                <InputGroup id={`${id}-name`} readOnly={readOnly} value={parameter.display_name} onChange={(e) => update(index, { display_name: cleanParameterName(e.target.value) })} />
              </FormGroup>
              <FormGroup label="Entity" labelFor={`${id}-entity`}>
                <HTMLSelect
                  id={`${id}-entity`}
                  disabled={readOnly}
                  value={parameter.entity_type_display_name}
                  onChange={(e) => update(index, { entity_type_display_name: e.target.value })}
                  options={[{ value: '', label: 'None' }, ...[...new Set([parameter.entity_type_display_name, ...entities])].filter(Boolean).map((e) => ({ value: e, label: e }))]}
                />
              </FormGroup>
              <FormGroup label="Value" labelFor={`${id}-value`}>
                <InputGroup id={`${id}-value`} readOnly={readOnly} value={parameter.value} onChange={(e) => update(index, { value: e.target.value })} />
              </FormGroup>
              <Checkbox label="Mandatory" disabled={readOnly} checked={parameter.mandatory} onChange={(e) => update(index, { mandatory: e.currentTarget.checked })} />
              <Checkbox label="Is list" disabled={readOnly} checked={parameter.is_list} onChange={(e) => update(index, { is_list: e.currentTarget.checked })} />
              {!readOnly && <Button variant="minimal" icon={<TrashIcon />} aria-label={`Delete parameter ${parameter.display_name}`} onClick={() => onChange(parameters.filter((_, i) => i !== index))} />}
            </div>
            <FormGroup
              label="Prompts (one per line)"
              labelFor={`${id}-prompts`}
              helperText={tooManyPrompts ? KbMessages.promptsMax : `What the bot asks when the value is missing; up to ${Limits.promptsPerParameterMax}.`}
              intent={tooManyPrompts ? 'danger' : 'none'}
            >
              <TextArea id={`${id}-prompts`} fill rows={2} readOnly={readOnly} value={parameter.prompts.join('\n')} onChange={(e) => update(index, { prompts: e.target.value.split('\n') })} />
            </FormGroup>
          </fieldset>
        );
      })}
      {!readOnly && (
        <div>
          <Button icon={<AddIcon />} text="Add parameter" disabled={full} onClick={() => onChange([...parameters, newParameter('', '')])} />
          {full && <Callout intent="primary">{KbMessages.parametersMax}</Callout>}
        </div>
      )}
    </div>
  );
}
