import { runCasa } from './casa.js';

runCasa(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`casa: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
