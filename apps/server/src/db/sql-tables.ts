/**
 * Which tables an SQL text reads and writes, from its words alone (no full parser): enough for
 * the statements Drizzle builds (double-quoted lower_snake names, `$1` parameters) and the few
 * hand-written ones. When in doubt it errs towards "writes everything", never towards "reads
 * nothing it depends on".
 */

/** What a statement may have changed. */
export type WriteEffect =
  | { readonly kind: 'none' }
  | { readonly kind: 'tables'; readonly tables: readonly string[] }
  /** A write whose targets could not be told (DDL, COPY, an unparsed DML): assume any table. */
  | { readonly kind: 'all' };

const NO_WRITE: WriteEffect = { kind: 'none' };
const WRITES_ALL: WriteEffect = { kind: 'all' };

/** Quoted identifiers, string literals, words and single punctuation characters. */
const TOKEN = /"(?:[^"]|"")*"|'(?:[^']|'')*'|[A-Za-z_][A-Za-z0-9_$]*|[^\s\w]/g;

/** Leading words of statements that read, or change no table's rows. */
const READ_ONLY_STATEMENTS = new Set(['select', 'values', 'table', 'show']);
const TRANSACTION_CONTROL = new Set([
  'begin',
  'start',
  'commit',
  'end',
  'rollback',
  'abort',
  'savepoint',
  'release',
  'set',
  'reset',
  'lock',
  'listen',
  'unlisten',
  'deallocate',
]);
/** Words before `update` that make it a row lock or an upsert, not an UPDATE statement. */
const NOT_AN_UPDATE_AFTER = new Set(['for', 'key', 'do']);

function tokenize(sql: string): string[] {
  return sql.match(TOKEN) ?? [];
}

const isIdentifier = (token: string | undefined): token is string =>
  token !== undefined && (token.startsWith('"') || /^[A-Za-z_]/.test(token));

/** A quoted identifier as written, an unquoted one lower-cased as PostgreSQL folds it. */
function identifierName(token: string): string {
  return token.startsWith('"') ? token.slice(1, -1).replaceAll('""', '"') : token.toLowerCase();
}

/**
 * The table named at `tokens[start]` (`"t"` or `"schema"."t"`) and the index after it, or
 * undefined when no identifier stands there (a sub-query; a function call, unless a column list
 * may follow the name as in INSERT INTO).
 */
function tableAt(
  tokens: readonly string[],
  start: number,
  columnListMayFollow = false,
): { table: string; next: number } | undefined {
  let index = start;
  if (tokens[index]?.toLowerCase() === 'only') index += 1;
  const first = tokens[index];
  if (!isIdentifier(first)) return undefined;
  if (tokens[index + 1] === '.' && isIdentifier(tokens[index + 2]))
    return { table: identifierName(tokens[index + 2] ?? ''), next: index + 3 };
  if (tokens[index + 1] === '(' && !columnListMayFollow) return undefined;
  return { table: identifierName(first), next: index + 1 };
}

/** The statements of a possibly multi-statement text, as lower-cased-keyword token lists. */
function statementsOf(sql: string): string[][] {
  const statements: string[][] = [[]];
  for (const token of tokenize(sql)) {
    if (token === ';') statements.push([]);
    else statements.at(-1)?.push(token);
  }
  return statements.filter((tokens) => tokens.length > 0);
}

/** Tables written by one statement's INSERT INTO, UPDATE, DELETE FROM, TRUNCATE and MERGE INTO. */
function writeTargets(tokens: readonly string[]): string[] {
  const targets: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i]?.toLowerCase();
    const nextWord = tokens[i + 1]?.toLowerCase();
    let found: { table: string; next: number } | undefined;
    if ((word === 'insert' || word === 'merge') && nextWord === 'into')
      found = tableAt(tokens, i + 2, true);
    else if (word === 'delete' && nextWord === 'from') found = tableAt(tokens, i + 2);
    else if (word === 'update' && !NOT_AN_UPDATE_AFTER.has(tokens[i - 1]?.toLowerCase() ?? ''))
      found = tableAt(tokens, i + 1);
    else if (word === 'truncate') {
      let next = nextWord === 'table' ? i + 2 : i + 1;
      for (let table = tableAt(tokens, next); table !== undefined;) {
        targets.push(table.table);
        next = table.next;
        table = tokens[next] === ',' ? tableAt(tokens, next + 1) : undefined;
      }
    }
    if (found !== undefined) targets.push(found.table);
  }
  return targets;
}

function statementWriteEffect(tokens: readonly string[]): WriteEffect {
  const leading = tokens[0] === '(' ? tokens[1] : tokens[0];
  const keyword = leading?.toLowerCase() ?? '';
  if (READ_ONLY_STATEMENTS.has(keyword) || TRANSACTION_CONTROL.has(keyword)) return NO_WRITE;
  const targets = writeTargets(tokens);
  if (targets.length > 0) return { kind: 'tables', tables: targets };
  // A WITH of read-only parts is a read; a DML whose target escaped us, or anything else
  // (CREATE, ALTER, DROP, COPY, DO, CALL...), may write any table.
  return keyword === 'with' ? NO_WRITE : WRITES_ALL;
}

/** The tables an SQL text (one statement or several) may write. */
export function writeEffectOf(sql: string): WriteEffect {
  const leading = /^\s*\(?\s*([A-Za-z]+)/.exec(sql)?.[1]?.toLowerCase();
  // The common case, a plain read, without tokenizing.
  if (leading === 'select' && !sql.includes(';')) return NO_WRITE;
  const tables = new Set<string>();
  for (const statement of statementsOf(sql)) {
    const effect = statementWriteEffect(statement);
    if (effect.kind === 'all') return WRITES_ALL;
    if (effect.kind === 'tables') for (const table of effect.tables) tables.add(table);
  }
  return tables.size === 0 ? NO_WRITE : { kind: 'tables', tables: [...tables] };
}

/**
 * The tables an SQL text names after FROM, JOIN or USING (sub-queries, CTE bodies and lateral
 * joins included; `"schema"."table"` answers `table`).
 * May answer a few names that are no table (a CTE's name, `extract(x from "t"."c")` gives `c`):
 * a dependency on a table nobody writes costs nothing.
 */
export function tablesReadBy(sql: string): string[] {
  const tokens = tokenize(sql);
  const tables = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i]?.toLowerCase();
    if (word !== 'from' && word !== 'join' && word !== 'using') continue;
    let table = tableAt(tokens, word === 'join' && tokens[i + 1] === 'lateral' ? i + 2 : i + 1);
    while (table !== undefined) {
      tables.add(table.table);
      // `from "a" "x", "b"`: skip an alias, then follow a comma-separated list.
      let next = table.next;
      if (tokens[next]?.toLowerCase() === 'as') next += 1;
      if (isIdentifier(tokens[next]) && tokens[next + 1] === ',') next += 1;
      table = tokens[next] === ',' ? tableAt(tokens, next + 1) : undefined;
    }
  }
  return [...tables];
}
