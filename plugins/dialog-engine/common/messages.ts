/** Texts of the dialog-engine plugin (spec texts stay in core Messages). */
export const EngineMessages = {
  notPublished: 'This app has not been published yet, so it has no production answers.',
  draftNeedsMember: 'Only members of this app may chat with its draft.',
  originRefused: 'This site is not allowed to use this chat app.',
  sessionExpired: 'This chat session has expired. Please start a new one.',
  noLinkedApps: 'This superbot has no linked apps to route to.',
  externalFailed: 'The external engine did not answer.',
  training: 'Training',
  replayNeedsBuiltIn: 'Replay compares the built-in engine\'s answers; this app answers with another engine.',
  saved: 'Saved',
  trainingTooLarge: (phrases: number, limit: number) =>
    `Training refused: ${phrases.toLocaleString('en')} training phrases, more than this deployment's limit of ${limit.toLocaleString('en')} (CIVIC_TRAINING_MAX_PHRASES). The model trained before keeps answering.`,
};
