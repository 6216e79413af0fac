/** The `casa` command: dispatches to its subcommands and prints the help. */
import type { CommandOutput } from './analyze.js';
import { ANALYZE_HELP, runAnalyzeCommand } from './analyze.js';
import type { AnalyzeOne } from './batch.js';
import { runSimulateCommand, SIMULATE_HELP } from './simulate.js';

const INTRO = `casa: computer-assisted sperm analysis (CASA) from microscope video

Usage: casa <command> [options]

Commands:
  analyze    analyse a video, or every video of a folder: concentration, WHO motility, kinematics
  simulate   write a synthetic microscope video and its ground truth

"casa <command> --help" shows one command's options.`;

/** The help of `casa --help`: the commands and every option of each. */
export const CASA_HELP = `${INTRO}

casa analyze
------------
${ANALYZE_HELP}
casa simulate
-------------
${SIMULATE_HELP}`;

/** Runs `casa` with the arguments after the program name; returns the exit code. */
export async function runCasa(
  argv: readonly string[],
  io: CommandOutput = { stdout: process.stdout, stderr: process.stderr },
  analyzeOne?: AnalyzeOne,
): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'analyze':
      return runAnalyzeCommand(rest, io, analyzeOne);
    case 'simulate':
      return runSimulateCommand(rest, io.stderr, io.stdout);
    case 'help':
      return runCasa(rest.length > 0 ? [...rest, '--help'] : ['--help'], io, analyzeOne);
    case '--help':
    case '-h':
      io.stdout.write(CASA_HELP);
      return 0;
    case undefined:
      io.stderr.write(`${INTRO}\n`);
      return 2;
    default:
      io.stderr.write(
        command.startsWith('-')
          ? `casa: unknown option ${command}\nRun "casa --help" to see every command and option.\n`
          : `casa: unknown command "${command}"\nRun "casa --help" to see every command and option.\n`,
      );
      return 2;
  }
}
