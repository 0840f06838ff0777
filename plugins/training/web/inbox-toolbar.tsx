import { Button, FormGroup, HTMLSelect, InputGroup, Tag } from '@civic/sdk/web/blueprint';
import { FilterIcon } from '@civic/sdk/web/icons';
import { useState, type FormEvent } from '@civic/sdk/web/react';
import { DateRanges } from '@civic/sdk/common/messages';
import { TRANSCRIPT_FILTER_FIELDS, TRANSCRIPT_FILTER_OPERATORS, type TranscriptFilterField, type TranscriptFilterItem, type TranscriptFilterOperator } from '../../dialog-engine/contract/index';
import { REVIEW_STATUSES } from '../common/api';
import { presetRange, type InboxFilters } from './inbox-store';

const FIELD_LABELS: Record<TranscriptFilterField, string> = {
  data: 'Question',
  intentName: 'Intent',
  confidenceScore: 'Confidence',
  reviewStatus: 'Review status',
  thumbsUp: 'Thumbs up',
  thumbsDown: 'Thumbs down',
  channel: 'Channel',
  environment: 'Environment',
  transAuthor: 'Author',
};
const OPERATOR_LABELS: Record<TranscriptFilterOperator, string> = {
  contains: 'contains',
  equals: 'equals',
  notEquals: 'does not equal',
  startsWith: 'starts with',
  greaterThan: 'greater than',
  lessThan: 'less than',
};
/** The review status is the page's own filter (§7); the table filter offers the other fields. */
const TABLE_FIELDS = TRANSCRIPT_FILTER_FIELDS.filter((f) => f !== 'reviewStatus');

const presetLabel = (days: number) => (days === 0 ? 'Today' : days === 1 ? 'Yesterday' : `Last ${days} days`);

/** The inbox's filters: §9 date range with presets, review status, text search and the §3 table filter. */
export function InboxToolbar(props: { matched: boolean; filters: InboxFilters; onApply: (filters: InboxFilters) => void }) {
  const [draft, setDraft] = useState<InboxFilters>(props.filters);
  const [item, setItem] = useState<TranscriptFilterItem>({ field: 'data', operator: 'contains', value: '' });
  const dateProblem = draft.startDate && draft.endDate && draft.endDate < draft.startDate ? 'End date must not be before start date' : undefined;
  const preset = DateRanges.presets.find((days) => {
    const range = presetRange(days);
    return range.startDate === draft.startDate && range.endDate === draft.endDate;
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!dateProblem) props.onApply(draft);
  }
  function addItem() {
    if (item.value.trim() === '' && item.field !== 'intentName') return;
    const next = { ...draft, items: [...draft.items, { ...item, value: item.value.trim() }] };
    setDraft(next);
    setItem({ ...item, value: '' });
    props.onApply(next);
  }
  function setLink(link: 'AND' | 'OR') {
    const next = { ...draft, link };
    setDraft(next);
    if (next.items.length > 1) props.onApply(next);
  }
  function removeItem(index: number) {
    const next = { ...draft, items: draft.items.filter((_x, i) => i !== index) };
    setDraft(next);
    props.onApply(next);
  }

  return (
    <form className="civic-training-toolbar" onSubmit={submit} aria-label="Filter the questions" noValidate>
      <div className="civic-training-toolbar-row">
        <FormGroup label="Date range" labelFor="training-preset">
          <HTMLSelect
            id="training-preset"
            value={preset === undefined ? 'custom' : String(preset)}
            onChange={(e) => e.target.value !== 'custom' && setDraft({ ...draft, ...presetRange(Number(e.target.value)) })}
          >
            {DateRanges.presets.map((days) => (
              <option key={days} value={days}>
                {presetLabel(days)}
              </option>
            ))}
            <option value="custom">Custom</option>
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="From" labelFor="training-start">
          <InputGroup id="training-start" type="date" value={draft.startDate} onChange={(e) => setDraft({ ...draft, startDate: e.target.value })} />
        </FormGroup>
        <FormGroup label="To" labelFor="training-end" intent={dateProblem ? 'danger' : 'none'} helperText={dateProblem ? <span id="training-end-error">{dateProblem}</span> : undefined}>
          <InputGroup
            id="training-end"
            type="date"
            value={draft.endDate}
            onChange={(e) => setDraft({ ...draft, endDate: e.target.value })}
            intent={dateProblem ? 'danger' : undefined}
            aria-invalid={dateProblem ? true : undefined}
            aria-describedby={dateProblem ? 'training-end-error' : undefined}
          />
        </FormGroup>
        <FormGroup label="Review status" labelFor="training-status">
          <HTMLSelect id="training-status" value={draft.reviewStatus} onChange={(e) => setDraft({ ...draft, reviewStatus: e.target.value as InboxFilters['reviewStatus'] })}>
            {!props.matched && <option value="">Any</option>}
            {REVIEW_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="Search questions" labelFor="training-search">
          <InputGroup id="training-search" type="search" value={draft.search} onChange={(e) => setDraft({ ...draft, search: e.target.value })} />
        </FormGroup>
        <Button type="submit" intent="primary" icon={<FilterIcon />} text="Apply" />
      </div>
      <fieldset className="civic-training-table-filter">
        <legend>Table filter</legend>
        <HTMLSelect aria-label="Filter field" value={item.field} onChange={(e) => setItem({ ...item, field: e.target.value as TranscriptFilterField })}>
          {TABLE_FIELDS.map((f) => (
            <option key={f} value={f}>
              {FIELD_LABELS[f]}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect aria-label="Filter operator" value={item.operator} onChange={(e) => setItem({ ...item, operator: e.target.value as TranscriptFilterOperator })}>
          {TRANSCRIPT_FILTER_OPERATORS.map((o) => (
            <option key={o} value={o}>
              {OPERATOR_LABELS[o]}
            </option>
          ))}
        </HTMLSelect>
        <InputGroup aria-label="Filter value" value={item.value} onChange={(e) => setItem({ ...item, value: e.target.value })} />
        <Button text="Add filter" onClick={addItem} />
        <HTMLSelect aria-label="Combine filters with" value={draft.link} onChange={(e) => setLink(e.target.value as 'AND' | 'OR')}>
          <option value="AND">All filters (AND)</option>
          <option value="OR">Any filter (OR)</option>
        </HTMLSelect>
        <ul className="civic-training-filter-tags" aria-label="Active filters">
          {draft.items.map((f, i) => (
            <li key={`${f.field}-${f.operator}-${f.value}-${i}`}>
              <Tag minimal>
                {FIELD_LABELS[f.field]} {OPERATOR_LABELS[f.operator]} “{f.value}”
              </Tag>
              <Button size="small" variant="minimal" text="Remove" aria-label={`Remove filter ${FIELD_LABELS[f.field]} ${OPERATOR_LABELS[f.operator]} ${f.value}`} onClick={() => removeItem(i)} />
            </li>
          ))}
        </ul>
      </fieldset>
    </form>
  );
}
