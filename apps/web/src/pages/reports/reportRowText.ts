import type { TFunction } from 'i18next';
import { valueWithInterval } from '../analysis/uncertaintyLogic';
import type { ReportTableRow, RowCells, RowMethod, RowReference, RowValue } from './benchRows';

/**
 * The words of a results-table row, the same on screen and in the PDF: parameter, result with
 * its 95 % interval, method, cells assessed, WHO limit, status and who counted.
 */

export interface RowTexts {
  readonly parameter: string;
  readonly result: string;
  readonly method: string;
  readonly cells: string;
  readonly reference: string;
  /** Empty for rows without a reference (nothing to judge). */
  readonly status: string;
  readonly countedBy: string;
}

const COMPARATOR = { '>=': '≥', '<=': '≤', '<': '<' } as const;

/** "Manual count, eosin-nigrosin", "CASA (video analysis)", "Model + confirmation, Papanicolaou". */
export function methodText(method: RowMethod | null, t: TFunction): string {
  if (method === null) return '-';
  if (method.kind === 'casa') return t('reports.method.casa');
  const name = t(`reports.method.names.${method.method}`);
  switch (method.kind) {
    case 'manual_count':
      return t('reports.method.manualCount', { method: name });
    case 'model_confirmed':
      return t('reports.method.modelConfirmed', { method: name });
    case 'manual_entry':
      return t('reports.method.manualEntry', { method: name });
  }
}

export function cellsText(cells: RowCells | null, t: TFunction): string {
  if (cells === null) return '-';
  switch (cells.kind) {
    case 'cells':
      return String(cells.count);
    case 'tracks':
      return t('reports.cells.tracks', { count: cells.count });
    case 'against_sperm':
      return t('reports.cells.againstSperm', { counted: cells.counted, sperm: cells.sperm });
  }
}

export const referenceText = (reference: RowReference | null) =>
  reference === null ? '-' : `${COMPARATOR[reference.comparator]} ${reference.value}`;

/** "Grade 2 (moderate), type A (head to head)", or "None seen". */
function agglutinationText(value: Extract<RowValue, { kind: 'agglutination' }>, t: TFunction) {
  const grade = t(`reports.agglutination.grade${value.grade}`);
  return value.type === null ? grade : `${grade}, ${t(`reports.agglutination.type${value.type}`)}`;
}

export function valueText(value: RowValue, t: TFunction): string {
  switch (value.kind) {
    case 'number':
      return value.value === null
        ? t(`reports.${value.missing}`)
        : valueWithInterval(value.value, '', value.ci, t, value.digits);
    case 'agglutination':
      return agglutinationText(value, t);
    case 'pellet':
      return t(`reports.pellet.${value.finding}`);
    case 'text':
      return value.text;
  }
}

/** Every text of one row; `formatDate` writes the counting date in the reader's locale. */
export function rowTexts(
  row: ReportTableRow,
  t: TFunction,
  formatDate: (iso: string) => string,
): RowTexts {
  return {
    parameter: t(`reports.who.${row.key}`),
    result: valueText(row.value, t),
    method: methodText(row.method, t),
    cells: cellsText(row.cells, t),
    reference: referenceText(row.reference),
    status: row.status === 'none' ? '' : t(`reports.status.${row.status}`),
    countedBy:
      row.countedBy === null ? '-' : `${row.countedBy.name} · ${formatDate(row.countedBy.at)}`,
  };
}
