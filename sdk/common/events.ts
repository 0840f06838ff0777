/** Domain event descriptors: an emitting plugin defines them in its `contract/events.ts`. */
export { defineEvent, type DomainEvent, type EventPayload } from '@civic/core/common/events';
