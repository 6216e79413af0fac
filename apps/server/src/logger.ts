import type { QueueLogger } from './jobs/task-queue.js';

/** Console logger for the parts of the server that run without Fastify (the worker role). */
export function createConsoleLogger(options: { silent: boolean }): QueueLogger {
  return {
    info(message) {
      if (!options.silent) console.log(`${new Date().toISOString()} ${message}`);
    },
    error(details, message) {
      if (options.silent) return;
      const cause =
        details.err instanceof Error
          ? (details.err.stack ?? details.err.message)
          : String(details.err);
      console.error(`${new Date().toISOString()} ${message}: ${cause}`);
    },
  };
}
