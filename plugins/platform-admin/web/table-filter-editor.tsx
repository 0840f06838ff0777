import { Button, Callout, HTMLSelect, InputGroup, SegmentedControl } from '@civic/sdk/web/blueprint';
import { AddIcon, TrashIcon } from '@civic/sdk/web/icons';
import { useState } from '@civic/sdk/web/react';
import {
  FIELD_LABELS,
  FILTER_FIELDS,
  filterItemProblem,
  isDateField,
  OPERATOR_LABELS,
  operatorsFor,
  VALUELESS,
  type FilterField,
  type FilterItem,
  type FilterOperator,
  type TableFilter,
} from '../common/table-filter';

/** The §3 table filter: rows of field, operator and value, joined by AND or OR; applied together. */
export function TableFilterEditor(props: { value: TableFilter; onApply: (filter: TableFilter) => void }) {
  const [items, setItems] = useState<FilterItem[]>(props.value.items.length ? props.value.items : [{ field: 'appName', operator: 'contains', value: '' }]);
  const [link, setLink] = useState<'AND' | 'OR'>(props.value.link);
  const [problem, setProblem] = useState<string | null>(null);

  const update = (index: number, next: Partial<FilterItem>) =>
    setItems((list) =>
      list.map((item, i) => {
        if (i !== index) return item;
        const merged = { ...item, ...next };
        // A new field keeps its operator only when that operator applies to it.
        if (next.field && !operatorsFor(next.field).includes(merged.operator)) merged.operator = operatorsFor(next.field)[0];
        return merged;
      }),
    );

  function apply() {
    const used = items.filter((item) => VALUELESS.includes(item.operator) || (item.value ?? '').trim() !== '');
    const bad = used.map(filterItemProblem).find(Boolean);
    if (bad) {
      setProblem(bad);
      return;
    }
    setProblem(null);
    props.onApply({ link, items: used.map((item) => (VALUELESS.includes(item.operator) ? { field: item.field, operator: item.operator } : { ...item, value: item.value?.trim() })) });
  }

  return (
    <section className="civic-table-filter" aria-label="Table filter">
      <SegmentedControl
        aria-label="Match"
        size="small"
        options={[
          { label: 'All conditions (AND)', value: 'AND' },
          { label: 'Any condition (OR)', value: 'OR' },
        ]}
        value={link}
        onValueChange={(v) => setLink(v as 'AND' | 'OR')}
      />
      {items.map((item, index) => (
        <div className="civic-filter-row" key={index} role="group" aria-label={`Condition ${index + 1}`}>
          <HTMLSelect
            aria-label={`Field of condition ${index + 1}`}
            value={item.field}
            onChange={(e) => update(index, { field: e.currentTarget.value as FilterField })}
            options={FILTER_FIELDS.map((f) => ({ value: f, label: FIELD_LABELS[f] }))}
          />
          <HTMLSelect
            aria-label={`Operator of condition ${index + 1}`}
            value={item.operator}
            onChange={(e) => update(index, { operator: e.currentTarget.value as FilterOperator })}
            options={operatorsFor(item.field).map((o) => ({ value: o, label: OPERATOR_LABELS[o] }))}
          />
          {!VALUELESS.includes(item.operator) && (
            <InputGroup
              aria-label={`Value of condition ${index + 1}`}
              type={isDateField(item.field) ? 'date' : 'text'}
              value={item.value ?? ''}
              onChange={(e) => update(index, { value: e.target.value })}
              onKeyDown={(e) => e.key === 'Enter' && apply()}
            />
          )}
          <Button variant="minimal" icon={<TrashIcon />} aria-label={`Remove condition ${index + 1}`} onClick={() => setItems((list) => list.filter((_, i) => i !== index))} />
        </div>
      ))}
      {problem && (
        <Callout intent="danger" role="alert" compact>
          {problem}
        </Callout>
      )}
      <div className="civic-filter-actions">
        <Button icon={<AddIcon />} text="Add condition" onClick={() => setItems((list) => [...list, { field: 'appId', operator: 'contains', value: '' }])} />
        <Button
          text="Clear"
          onClick={() => {
            setItems([]);
            setProblem(null);
            props.onApply({ link, items: [] });
          }}
        />
        <Button intent="primary" text="Apply filter" onClick={apply} />
      </div>
    </section>
  );
}
