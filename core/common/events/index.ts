export { defineEvent, type DomainEvent, type EventPayload } from './domain-event';
