import { loadConfig, parseRoleArgument } from './config.js';
import { startServer } from './server.js';

/**
 * Entry point: `node dist/main.js [--role=api|worker|all]`. Configuration comes from the
 * environment (see README). SIGINT and SIGTERM shut down gracefully.
 */
async function main(): Promise<void> {
  const role = parseRoleArgument(process.argv.slice(2));
  const config = await loadConfig(process.env);
  const server = await startServer(config, role);

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
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
