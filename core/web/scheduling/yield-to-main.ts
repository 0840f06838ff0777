/**
 * Lets the browser run what is waiting (input, a frame, network callbacks) before the caller goes on:
 * a long start-up split at its `await yieldToMain()`s runs as several short tasks, none of which
 * holds the page for long (a phone's CPU runs each about four times slower than a desktop's).
 *
 * `scheduler.yield()` where the browser has it (the caller goes on ahead of other queued work),
 * otherwise a message to a channel (a new task, without the ≥ 4 ms clamp nested timers get).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
