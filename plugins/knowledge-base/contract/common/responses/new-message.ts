import type { Card, ResponseMessage, ResponseMessageType } from './response-message';

export function emptyCard(): Card {
  return { title: '', subtitle: '', imageUri: '', imageDisplay: 'IMAGE_DISPLAY_OPTIONS_UNSPECIFIED', buttons: [{ text: '', postback: '' }] };
}

/** A fresh message of a kind as the "add message" menu creates it (with the editors' entry rows). */
export function newResponseMessage(type: ResponseMessageType): ResponseMessage {
  switch (type) {
    case 'text':
      return { type, text: [''] };
    case 'image':
      return { type, imageUri: '', accessibilityText: '' };
    case 'quickReplies':
      return { type, title: '', quickReplies: [''] };
    case 'card':
      return { type, card: emptyCard() };
    case 'tableCard':
      return {
        type,
        title: '',
        subtitle: '',
        imageUri: '',
        columns: [
          { header: '', horizontalAlignment: 'HORIZONTAL_ALIGNMENT_UNSPECIFIED' },
          { header: '', horizontalAlignment: 'HORIZONTAL_ALIGNMENT_UNSPECIFIED' },
        ],
        rows: [{ cells: ['', ''], dividerAfter: false }],
        buttons: [{ text: '', postback: '' }],
      };
    case 'payload':
      return { type, payloadType: '', content: '' };
    case 'form':
      return { type, title: '', fields: [{ name: '', label: '', fieldType: 'text', required: false, options: [] }], submitLabel: '' };
    case 'carousel':
      return { type, items: [{ card: emptyCard() }, { card: emptyCard() }] };
    case 'video':
      return { type, videoUri: '', title: '' };
    case 'html':
      return { type, html: '' };
    case 'customPayload':
      return { type, json: '{}' };
    case 'file':
      return { type, fileUri: '', name: '' };
    case 'imageGallery':
      return { type, images: [{ imageUri: '', accessibilityText: '' }] };
    case 'miniCarousel':
      return { type, items: [{ title: '', imageUri: '', postback: '' }] };
  }
}

/** The names of the kinds as the editors list them. */
export const RESPONSE_MESSAGE_LABELS: Record<ResponseMessageType, string> = {
  text: 'Text',
  image: 'Image',
  quickReplies: 'Quick replies',
  card: 'Card',
  tableCard: 'Table card',
  payload: 'Payload',
  form: 'Form',
  carousel: 'Carousel',
  video: 'Video',
  html: 'HTML',
  customPayload: 'Custom payload',
  file: 'File',
  imageGallery: 'Image gallery',
  miniCarousel: 'Mini carousel',
};
