import { useState } from 'react';

/** Row options of the users, roles and projects tables (spec 3 §9). */
export const ROWS_PER_PAGE_OPTIONS = [5, 10, 25];
export const DEFAULT_ROWS_PER_PAGE = 10;

/** The rows of one zero-based page. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): T[] {
  return rows.slice(page * size, page * size + size);
}

/** Case-insensitive match of a search term against any of the texts. */
export function matchesSearch(term: string, ...texts: readonly (string | null | undefined)[]) {
  const needle = term.trim().toLowerCase();
  return needle === '' || texts.some((text) => (text ?? '').toLowerCase().includes(needle));
}

export interface Paging {
  readonly page: number;
  readonly size: number;
  readonly setPage: (page: number) => void;
  readonly setSize: (size: number) => void;
}

/** Zero-based page and page size of a table, starting at the default size. */
export function usePaging(): Paging {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_ROWS_PER_PAGE);
  return { page, size, setPage, setSize };
}
