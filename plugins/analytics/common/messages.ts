/** Texts of analytics, once (STYLE rule 11). */
export const AnalyticsMessages = {
  presetInvalid: 'The range must be one of 0, 1, 3, 5, 7, 30, 60 or 365 days',
  dayInvalid: 'Dates must be real days written YYYY-MM-DD',
  environmentInvalid: 'The environment must be draft or production',
  channelInvalid: 'The channel must be at most 40 characters',
  eventRequired: 'The event is required',
  featureRequired: 'The feature is required',
  fieldTooLong: 'At most 200 characters',
  dataTooLarge: 'The data may hold at most 4 KB of JSON',
  notSuperbot: 'This app is not a superbot: it routes to no linked apps.',
  frequencyInvalid: 'Choose weekly or monthly',
  formatInvalid: 'Choose PDF or CSV',
  recipientsRequired: 'Choose at least one member to receive the report',
  recipientsTooMany: 'At most 50 recipients',
  recipientInvalid: 'Recipients must be e-mail addresses',
  recipientNotMember: 'Reports go to members of this app only',
  noSchedule: 'Save a report schedule first',
} as const;
