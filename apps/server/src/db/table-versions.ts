import type { WriteEffect } from './sql-tables.js';

/**
 * When each table was last written, on one process-wide counter: every write takes the next
 * number, so "nothing I read changed since I started" is "none of my tables has a version above
 * the counter as it stood when I started". A write whose tables are unknown raises every table
 * at once (the epoch).
 */
export interface TableVersions {
  /** The counter now: the version of the latest write. */
  now(): number;
  /** The version of `table`: its latest write, or the latest write of unknown tables. */
  versionOf(table: string): number;
  /** Marks `tables` as written now (also used to bump again after a write committed). */
  bump(tables: Iterable<string>): void;
  /** Marks every table as written now. */
  bumpAll(): void;
  /**
   * Calls `listener` before every statement sent through the database, with what it may write
   * (tables already bumped); answers a function that stops listening.
   */
  onQuery(listener: QueryListener): () => void;
}

/** Hears each statement and what it may write. */
export type QueryListener = (sql: string, effect: WriteEffect) => void;

/** A fresh set of versions; `record` is called by the database for each statement. */
export function createTableVersions(): TableVersions & {
  record(sql: string, effect: WriteEffect): void;
} {
  let counter = 0;
  let epoch = 0;
  const versions = new Map<string, number>();
  const listeners = new Set<QueryListener>();
  const bump = (tables: Iterable<string>) => {
    counter += 1;
    for (const table of tables) versions.set(table, counter);
  };
  const bumpAll = () => {
    counter += 1;
    epoch = counter;
  };
  return {
    now: () => counter,
    versionOf: (table) => Math.max(versions.get(table) ?? 0, epoch),
    bump,
    bumpAll,
    onQuery(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    record(sql, effect) {
      if (effect.kind === 'tables') bump(effect.tables);
      else if (effect.kind === 'all') bumpAll();
      for (const listener of listeners) listener(sql, effect);
    },
  };
}
