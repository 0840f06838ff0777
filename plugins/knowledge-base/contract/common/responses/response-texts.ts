/**
 * Texts of the response editors and views that the spec leaves open (§8 has the rest, in
 * `Messages`). Kept beside the responses code, not in core/common/messages.ts.
 */
export const ResponseTexts = {
  buttonNeedsText: 'Please input the button text',
  duplicateChannel: 'Each channel can be added only once.',
  unknownChannel: 'This channel is not known.',
  formFieldNeedsName: 'Please input a name for each form field',
  formFieldDuplicateName: 'Form field names must be different',
  selectNeedsOptions: 'A list field needs at least one option',
  kindSwitchedOff: 'File messages are switched off in this deployment.',
  payloadHiddenNote: 'Payload for the channel (not shown in the chat)',
  customPayloadHiddenNote: 'Custom payload (not shown in the chat)',
  htmlFrameTitle: 'Formatted message',
  formSubmit: 'Submit',
  video: 'Video',
  file: 'File',
  image: 'Image',
} as const;
