/** Texts of the entities plugin that the spec leaves to us (spec texts live in @civic/sdk/common/messages). */
export const EntityMessages = {
  nameRule: 'Entity names use only A-Z, a-z, 0-9, _ and -, start with a letter and have at most 30 characters',
  nameRequired: 'Enter a name for the entity',
  nameTaken: (name: string) => `An entity named @${name} already exists`,
  valueRequired: 'Every entry needs a value',
  valueTooLong: 'An entry value has at most 500 characters',
  synonymTooLong: 'A synonym has at most 500 characters',
  tooManyEntries: 'An entity has at most 10,000 entries',
  tooManySynonyms: 'An entry has at most 200 synonyms',
  duplicateValue: (value: string) => `The value "${value}" appears twice; entry values must be unique`,
  regexpEntry: (value: string, message: string, position: number) => `Entry "${value}": ${message} (at character ${position + 1})`,
  inUse: (name: string, count: number) =>
    `@${name} is used by ${count} ${count === 1 ? 'intent' : 'intents'}; remove those usages first or delete it with its usages`,
  staleVersion: 'Someone else changed this entity since you opened it. Reload it to see their changes.',
  created: (name: string) => `Entity @${name} created`,
  saved: 'Saved',
  deleted: (name: string) => `Entity @${name} deleted`,
} as const;
