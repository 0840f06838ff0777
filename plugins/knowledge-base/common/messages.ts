/** Texts of the knowledge base the spec leaves open (its own §5/§8 texts come from `Messages`). */
export const KbMessages = {
  unknownEntity: (parameter: string, entity: string) => `Parameter "${parameter}" names the entity @${entity}, which this app does not have. Create the entity first, or pick one it has.`,
  defaultIntentKept: 'The Default Welcome and Default Fallback intents cannot be deleted: every app answers with them. Edit them instead.',
  intentConflict:
    'Someone else saved this intent after you opened it. Reload to see their version; your changes stay on this page until you do.',
  termConflict: 'Someone else saved this term after you opened it. Reload to see their version.',
  intentLimit: (max: number, tier: string) =>
    `This app has reached its limit of ${max} intents for the ${tier} tier. Delete intents you no longer need before adding more.`,
  duplicateIntentName: 'An intent with this name already exists in this app.',
  duplicateTerm: 'This term is already in the glossary.',
  parentNotFound: 'The parent intent does not exist in this app.',
  parentCycle: 'An intent cannot be a follow-up of itself or of one of its own follow-ups.',
  qnaNoParent: 'A Q&A pair cannot be a follow-up intent.',
  nameRequired: 'Please input the intent name',
  nameTooLong: 'Intent names may have at most 100 characters',
  termRequired: 'Please input the term',
  phraseTextRequired: 'A training phrase needs some text',
  parametersMax: 'An intent can have at most 20 parameters',
  promptsMax: 'A parameter can have at most 30 prompts',
  parameterNameRequired: 'Each parameter needs a name of letters, digits, dash or underscore',
  duplicateParameterName: 'Two parameters have the same name',
  entityRef: 'Entity types are written as @name',
  reviewByDate: 'Review-by must be a date (YYYY-MM-DD)',
  deleteLevel1Warning:
    'This is a level 1 intent: deleting it also deletes its flow and all of its follow-up intents.',
  deleteChildrenWarning: 'Deleting this intent also deletes all of its follow-up intents.',
  deleted: 'Deleted',
  noIntents: 'No intents yet',
  noQna: 'No Q&A pairs yet',
  noTerms: 'No glossary terms yet',
  noMatches: 'Nothing matches the search and filters',
  responsesInvalid: 'The responses are not valid.',
  // §5 texts of the response editor (they lived in core's Messages before the model left core).
  invalidUrl: 'Please input valid URL',
  channelWithoutResponses: 'There is a channel with no responses.',
  createOneResponse: 'Please create at least one response.',
  customPayloadError: 'This is an error in the Custom Payload. Please rectify and save again.',
} as const;
