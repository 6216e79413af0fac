#!/usr/bin/env node
import('../dist/cli/main.js').catch((error) => {
  process.stderr.write(`casa: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
