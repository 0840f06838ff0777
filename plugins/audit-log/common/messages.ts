/** Texts of the audit-log plugin (spec texts stay in @civic/sdk/common/messages). */
export const Messages = {
  invalidStartDate: 'Start date must be a date, e.g. 2026-11-01',
  invalidEndDate: 'End date must be a date, e.g. 2026-11-30',
  endBeforeStart: 'End date must not be before start date',
  noRows: 'No audit entries match these filters',
  chainOk: (rows: number) => `Integrity verified: all ${rows.toLocaleString('en')} entries are unbroken.`,
  chainBroken: (id: number, at: string) => `The chain is broken at entry #${id} (${at}): it was changed, or an entry before it was removed.`,
  chainTruncated: (id: number, at: string) => `Entries were removed from the end of the trail: entry #${id} (${at}), recorded in the last signed checkpoint, is gone.`,
} as const;
