import { loadConfig, parseRoleArgument } from './config.js';
import { PRIVATE_UMASK } from './process/data-dir-permissions.js';
import { installProcessGuard } from './process/process-guard.js';
import { startServer } from './server.js';

/**
 * Entry point: `node dist/main.js [--role=api|worker|all]`. Configuration comes from the
 * environment (see README). SIGINT and SIGTERM shut down gracefully.
 */
async function main(): Promise<void> {
  process.umask(PRIVATE_UMASK);
  const role = parseRoleArgument(process.argv.slice(2));
  const config = await loadConfig(process.env);
  const server = await startServer(config, role);
  installProcessGuard(({ kind, error }) => {
    const messages = {
      'uncaught-io-error': 'Uncaught I/O error (the server goes on)',
      'unhandled-rejection': 'Unhandled promise rejection (the server goes on)',
      fatal: 'Uncaught exception: the server stops',
    } as const;
    server.logger[kind === 'fatal' ? 'fatal' : 'error']({ err: error }, messages[kind]);
  });

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.logger.info(`${signal} received, shutting down`);
    try {
      await server.stop();
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
