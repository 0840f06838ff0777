export { afterCommit, trackCommits } from './after-commit';
export { EVENT_CHANNEL, EventBus, MAX_PAYLOAD_BYTES, type DomainEvents, type EventBusOptions, type EventHandler, type EventMeta } from './event-bus';
export { PostgresListener, type PostgresListenerOptions } from './postgres-listener';
