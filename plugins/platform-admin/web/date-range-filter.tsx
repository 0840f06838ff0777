import { Button, FormGroup, HTMLSelect, InputGroup } from '@civic/sdk/web/blueprint';
import { useState } from '@civic/sdk/web/react';
import { DateRanges } from '@civic/sdk/common/messages';
import { DATE_FIELDS, FIELD_LABELS, type DateField, type DateRangeFilter } from '../common/table-filter';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `days` days up to and including today (0: today only), as yyyy-mm-dd. */
export function presetRange(days: number, now = Date.now()): { startDate: string; endDate: string } {
  return { startDate: isoDay(now - days * DAY_MS), endDate: isoDay(now) };
}

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
      <HTMLSelect
        aria-label="Date preset"
        value=""
        onChange={(e) => {
          if (e.currentTarget.value === '') return;
          const range = presetRange(Number(e.currentTarget.value));
          setStart(range.startDate);
          setEnd(range.endDate);
          props.onChange({ field, ...range });
        }}
        options={[{ value: '', label: 'Preset…' }, ...DateRanges.presets.map((d) => ({ value: String(d), label: d === 0 ? 'Today' : `Last ${d} days` }))]}
      />
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
