/** Texts of the classification plugin that the spec leaves to us. */
export const ClassificationMessages = {
  labelNameRule: 'Label names use only A-Z, a-z, 0-9, _ and -, start with a letter and have at most 100 characters',
  labelNameRequired: 'Enter a name for the label',
  categoryNameRequired: 'Enter a name for the category',
  categoryNameTooLong: 'Category names have at most 100 characters',
  categoryTaken: (name: string) => `A category named "${name}" already exists`,
  labelTaken: (name: string) => `A label named "${name}" already exists`,
  intentIdsRequired: 'Choose at least one intent',
  tooManyIntents: 'At most 1,000 intents at a time',
  nothingToChange: 'Name at least one category or label to add or remove',
  addAndRemove: (kind: 'category' | 'label') => `The same ${kind} cannot be added and removed at once`,
  unknownIntents: (count: number) => `${count} of the chosen ${count === 1 ? 'intent does' : 'intents do'} not exist in this app`,
  unknownCategories: 'Some of the categories do not exist in this app',
  unknownLabels: 'Some of the labels do not exist in this app',
  idsMustBeUuids: 'Ids must be UUIDs',
} as const;
