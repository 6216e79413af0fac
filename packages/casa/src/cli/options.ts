/**
 * Command-line options described once: the same table drives `parseArgs` and the `--help` text, so
 * the help cannot forget an option.
 */
import { parseArgs } from 'node:util';

/** One option of a command. */
export interface OptionSpec {
  /** Long name without the dashes. */
  readonly name: string;
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  /** Placeholder of the value in the help (`N`, `FILE`); string options only. */
  readonly value?: string;
  /** What it does, with its unit. */
  readonly description: string;
  /** The default, as the help shows it; omitted for flags and required options. */
  readonly defaultText?: string;
}

/** A command-line mistake: the command prints it with a hint to `--help` and exits with code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Parsed options by long name. */
export type OptionValues = Readonly<Record<string, string | boolean | undefined>>;

/** Parses `argv` strictly against `specs`; throws {@link UsageError} with a one-line message. */
export function parseOptions(
  specs: readonly OptionSpec[],
  argv: readonly string[],
  allowPositionals: boolean,
): { values: OptionValues; positionals: string[] } {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {};
  for (const spec of specs) {
    options[spec.name] =
      spec.short === undefined ? { type: spec.type } : { type: spec.type, short: spec.short };
  }
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options,
      strict: true,
      allowPositionals,
    });
    const plain: Record<string, string | boolean | undefined> = {};
    for (const [key, value] of Object.entries(values)) {
      // A repeated option keeps its last value.
      plain[key] = Array.isArray(value) ? lastOf(value) : value;
    }
    return { values: plain, positionals };
  } catch (error) {
    throw new UsageError(parseArgsMessage(error));
  }
}

function lastOf(values: readonly (string | boolean)[]): string | boolean | undefined {
  return values[values.length - 1];
}

/** node's parseArgs messages are long and suggest `--`: keep what names the mistake. */
function parseArgsMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  const unknown = /Unknown option '([^']+)'/.exec(message);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown !== null) {
    return `unknown option ${unknown[1] ?? ''}`;
  }
  const missing = /Option '([^']+)' argument missing/.exec(message);
  if (missing !== null) return `option ${missing[1] ?? ''} needs a value`;
  const positional = /Unexpected argument '([^']+)'/.exec(message);
  if (positional !== null) return `unexpected argument ${positional[1] ?? ''}`;
  return message.split('\n')[0] ?? message;
}

/** The string value of an option, if given. */
export function stringOption(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/** Whether a boolean option was given. */
export function flagOption(values: OptionValues, name: string): boolean {
  return values[name] === true;
}

/** The options part of a help text: one entry per option, its description and default wrapped. */
export function formatOptionsHelp(specs: readonly OptionSpec[], width = 100): string {
  const heads = specs.map((s) => {
    const long = `--${s.name}${s.value === undefined ? '' : ` ${s.value}`}`;
    return s.short === undefined ? `    ${long}` : `-${s.short}, ${long}`;
  });
  const column = Math.max(...heads.map((h) => h.length)) + 4;
  return specs
    .map((spec, i) => {
      const text =
        spec.defaultText === undefined
          ? spec.description
          : `${spec.description} (default: ${spec.defaultText})`;
      const lines = wrap(text, width - column);
      const first = `  ${(heads[i] ?? '').padEnd(column - 2)}${lines[0] ?? ''}`;
      return [first, ...lines.slice(1).map((l) => `${' '.repeat(column)}${l}`)].join('\n');
    })
    .join('\n');
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The two lines printed for a usage error: the mistake, then where to look. */
export function usageErrorText(command: string, message: string): string {
  return `${command}: ${message}\nRun "${command} --help" to see every option.\n`;
}
