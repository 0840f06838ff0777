import { Button, FormGroup, HTMLSelect, InputGroup } from '@civic/sdk/web/blueprint';
import { useState } from '@civic/sdk/web/react';
import { DATE_FIELDS, FIELD_LABELS, type DateField, type DateRangeFilter } from '../common/table-filter';

/** The §3 date range filter (startDate, endDate, inclusive) on one date column. */
export function DateRangeFilterControl(props: { value: DateRangeFilter | null; onChange: (range: DateRangeFilter | null) => void }) {
  const [field, setField] = useState<DateField>(props.value?.field ?? 'createdAt');
  const [startDate, setStart] = useState(props.value?.startDate ?? '');
  const [endDate, setEnd] = useState(props.value?.endDate ?? '');
  const complete = startDate !== '' && endDate !== '';
  const reversed = complete && startDate > endDate;

  return (
    <section className="civic-date-range" aria-label="Date range filter">
      <FormGroup label="Date" labelFor="range-field" inline>
        <HTMLSelect id="range-field" value={field} onChange={(e) => setField(e.currentTarget.value as DateField)} options={DATE_FIELDS.map((f) => ({ value: f, label: FIELD_LABELS[f] }))} />
      </FormGroup>
      <FormGroup label="From" labelFor="range-start" inline>
        <InputGroup id="range-start" type="date" value={startDate} onChange={(e) => setStart(e.target.value)} />
      </FormGroup>
      <FormGroup label="To" labelFor="range-end" inline intent={reversed ? 'danger' : 'none'} helperText={reversed ? 'The end is before the start' : undefined}>
        <InputGroup id="range-end" type="date" value={endDate} onChange={(e) => setEnd(e.target.value)} />
      </FormGroup>
      <Button text="Apply dates" disabled={!complete || reversed} onClick={() => props.onChange({ field, startDate, endDate })} />
      {props.value && (
        <Button
          variant="minimal"
          text="Any date"
          onClick={() => {
            setStart('');
            setEnd('');
            props.onChange(null);
          }}
        />
      )}
    </section>
  );
}
