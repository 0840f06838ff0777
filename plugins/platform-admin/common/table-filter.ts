/**
 * The §3 table filter of chat app management: items of field, operator, value joined by AND or OR,
 * and the §3 date range filter (startDate, endDate) on one date column.
 */
export const TEXT_FIELDS = ['appId', 'appName', 'agencyName', 'subscriptionTier', 'nlpEngineService', 'projectId', 'hosting', 'systemClassification'] as const;
export const DATE_FIELDS = ['createdAt', 'goLiveAt', 'decommissionAt'] as const;
export const FILTER_FIELDS = [...TEXT_FIELDS, ...DATE_FIELDS] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
export type DateField = (typeof DATE_FIELDS)[number];

export const TEXT_OPERATORS = ['contains', 'equals', 'notEquals', 'startsWith', 'endsWith', 'isEmpty', 'isNotEmpty'] as const;
export const DATE_OPERATORS = ['is', 'after', 'onOrAfter', 'before', 'onOrBefore', 'isEmpty', 'isNotEmpty'] as const;
export const FILTER_OPERATORS = [...new Set([...TEXT_OPERATORS, ...DATE_OPERATORS])] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
/** Operators that take no value. */
export const VALUELESS: readonly FilterOperator[] = ['isEmpty', 'isNotEmpty'];

export const SORT_FIELDS = ['appId', 'appName', 'agencyName', 'subscriptionTier', 'nlpEngineService', 'createdAt', 'goLiveAt', 'decommissionAt'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface FilterItem {
  field: FilterField;
  operator: FilterOperator;
  value?: string;
}

export interface TableFilter {
  items: FilterItem[];
  link: 'AND' | 'OR';
}

export interface DateRangeFilter {
  field: DateField;
  /** yyyy-mm-dd, inclusive. */
  startDate: string;
  endDate: string;
}

export const FIELD_LABELS: Record<FilterField, string> = {
  appId: 'App id',
  appName: 'App name',
  agencyName: 'Agency',
  subscriptionTier: 'Tier',
  nlpEngineService: 'Engine',
  projectId: 'Project id',
  hosting: 'Hosting',
  systemClassification: 'Classification',
  createdAt: 'Created',
  goLiveAt: 'Go-live',
  decommissionAt: 'Decommissioned',
};

export const OPERATOR_LABELS: Record<FilterOperator, string> = {
  contains: 'contains',
  equals: 'equals',
  notEquals: 'does not equal',
  startsWith: 'starts with',
  endsWith: 'ends with',
  isEmpty: 'is empty',
  isNotEmpty: 'is not empty',
  is: 'is on',
  after: 'is after',
  onOrAfter: 'is on or after',
  before: 'is before',
  onOrBefore: 'is on or before',
};

export function isDateField(field: FilterField): field is DateField {
  return (DATE_FIELDS as readonly string[]).includes(field);
}

export function operatorsFor(field: FilterField): readonly FilterOperator[] {
  return isDateField(field) ? DATE_OPERATORS : TEXT_OPERATORS;
}

/** The problem with one item, or undefined: wrong operator for the field, missing or bad value. */
export function filterItemProblem(item: FilterItem): string | undefined {
  if (!operatorsFor(item.field).includes(item.operator)) return `${OPERATOR_LABELS[item.operator] ?? item.operator} does not apply to ${FIELD_LABELS[item.field]}`;
  if (VALUELESS.includes(item.operator)) return undefined;
  const value = item.value?.trim() ?? '';
  if (value === '') return `Please input a value for ${FIELD_LABELS[item.field]}`;
  if (isDateField(item.field) && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${FIELD_LABELS[item.field]} needs a date (yyyy-mm-dd)`;
  return undefined;
}
