export { Messages, type MessageKey } from '@civic/core/common/messages';
export { Limits, Paging, Timing, DateRanges, WebChatDefaults, EMPTY_UUID, PRODUCT, CONSOLE_NAME } from '@civic/core/common/constants';
