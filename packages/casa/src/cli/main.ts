import { ANALYZE_USAGE, runAnalyzeCommand } from './analyze.js';
import { SIMULATE_USAGE, runSimulateCommand } from './simulate.js';

const USAGE = `casa: computer-assisted sperm analysis from microscope video

${ANALYZE_USAGE}
${SIMULATE_USAGE}
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'analyze':
      return runAnalyzeCommand(rest);
    case 'simulate':
      return runSimulateCommand(rest);
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(USAGE);
      return command === undefined ? 2 : 0;
    default:
      process.stderr.write(`casa: unknown command "${command}"\n\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`casa: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
