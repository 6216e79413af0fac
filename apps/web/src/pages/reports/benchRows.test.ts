import { describe, expect, it } from 'vitest';
import { benchRecord, fullBench } from './assessmentFixtures';
import { benchDetailRows, leukocyteConcentration, normalFormsRow, vitalityRow } from './benchRows';
import type { Translate } from './reportPdf';
import { rowTexts } from './reportRowText';

/** Echoes the key with its options, so the test sees which text went where. */
const echo = (key: string, options?: unknown) =>
  options === undefined ? key : `${key} ${JSON.stringify(options)}`;
const t = echo as unknown as Translate;
const formatDate = (iso: string) => `<${iso.slice(0, 10)}>`;

/** The number a row shows; fails the test when the row is missing or not a number. */
function numberOf(row: ReturnType<typeof benchDetailRows>[number] | undefined): number {
  if (row?.value.kind !== 'number' || row.value.value === null) throw new Error('number expected');
  return row.value.value;
}

const byKey = (rows: ReturnType<typeof benchDetailRows>) =>
  Object.fromEntries(rows.map((row) => [row.key, row]));

describe('bench rows of the report', () => {
  it('gives vitality as % live with its interval, cells, method and counter, judged against 54', () => {
    const row = vitalityRow(fullBench);
    expect(row.value).toMatchObject({ kind: 'number', value: 40 });
    expect(row.value.kind === 'number' && row.value.ci?.[0]).toBeLessThan(40);
    expect(row.status).toBe('error');
    expect(row.cells).toEqual({ kind: 'cells', count: 400 });
    expect(rowTexts(row, t, formatDate)).toMatchObject({
      parameter: 'reports.who.vitality',
      method: 'reports.method.manualCount {"method":"reports.method.names.eosin_nigrosin"}',
      cells: '400',
      reference: '≥ 54',
      status: 'reports.status.error',
      countedBy: 'Tech Nguyen · <2026-03-02>',
    });
  });

  it('says Not measured for vitality and normal forms without their records', () => {
    for (const row of [vitalityRow({}), normalFormsRow({})]) {
      expect(row.value).toMatchObject({ value: null });
      expect(row.status).toBe('unknown');
      expect(rowTexts(row, t, formatDate).result).toBe('reports.notMeasured');
      expect(rowTexts(row, t, formatDate).countedBy).toBe('-');
    }
  });

  it('names a model-confirmed morphology "Model + confirmation"', () => {
    const row = normalFormsRow(fullBench);
    expect(row.value).toMatchObject({ value: 3 });
    expect(row.status).toBe('error');
    expect(rowTexts(row, t, formatDate).method).toBe(
      'reports.method.modelConfirmed {"method":"reports.method.names.papanicolaou"}',
    );
  });

  it('details each defect class, TZI and SDI of the morphology differential', () => {
    const rows = byKey(benchDetailRows({ morphology: fullBench.morphology }, null));
    expect(rows.defect_head?.value).toMatchObject({ value: 97 });
    expect(rows.defect_tail?.value).toMatchObject({ value: 22 });
    expect(rows.defect_midpiece?.value).toMatchObject({ value: 0 });
    // 476 defects on 388 abnormal cells (TZI) and on 400 cells assessed (SDI).
    expect(numberOf(rows.tzi)).toBeCloseTo(476 / 388, 6);
    expect(numberOf(rows.sdi)).toBeCloseTo(1.19, 6);
    const tzi = rows.tzi;
    if (tzi === undefined) throw new Error('TZI row expected');
    expect(rowTexts(tzi, t, formatDate)).toMatchObject({ result: '1.23', status: '' });
  });

  it('derives round cells and leukocytes from the sperm concentration, flagging > 1 million/ml', () => {
    const low = byKey(benchDetailRows({ round_cells: fullBench.round_cells }, 12.345));
    // 8 and 20 cells against 200 spermatozoa at 12.345 million/ml.
    expect(numberOf(low.leukocytes)).toBeCloseTo(0.4938, 6);
    expect(low.leukocytes?.status).toBe('normal');
    expect(numberOf(low.roundCells)).toBeCloseTo(1.2345, 6);
    expect(low.leukocytes?.cells).toEqual({ kind: 'against_sperm', counted: 8, sperm: 200 });
    const high = byKey(benchDetailRows({ round_cells: fullBench.round_cells }, 50));
    expect(high.leukocytes?.value).toMatchObject({ value: 2 });
    expect(high.leukocytes?.status).toBe('above');
    const leukocytes = high.leukocytes;
    if (leukocytes === undefined) throw new Error('leukocyte row expected');
    expect(rowTexts(leukocytes, t, formatDate)).toMatchObject({
      reference: '≤ 1',
      cells: 'reports.cells.againstSperm {"counted":8,"sperm":200}',
    });
    expect(leukocyteConcentration(fullBench, 50)).toBe(2);
  });

  it('asks for the sperm concentration when there is none to derive from', () => {
    const rows = byKey(benchDetailRows({ round_cells: fullBench.round_cells }, null));
    expect(rows.leukocytes?.status).toBe('unknown');
    const leukocytes = rows.leukocytes;
    if (leukocytes === undefined) throw new Error('leukocyte row expected');
    expect(rowTexts(leukocytes, t, formatDate).result).toBe('reports.needsConcentration');
    expect(leukocyteConcentration(fullBench, null)).toBeNull();
  });

  it('flags MAR at 50 % bound or more', () => {
    expect(byKey(benchDetailRows({ mar: fullBench.mar }, null)).mar?.status).toBe('above');
    const few = benchRecord('mar-2', {
      module: 'mar',
      method: 'immunobead_iga',
      replicates: [{ bound: 20, unbound: 180 }],
      notes: '',
    });
    const row = byKey(benchDetailRows({ mar: few }, null)).mar;
    expect(row?.status).toBe('normal');
    if (row === undefined) throw new Error('MAR row expected');
    expect(rowTexts(row, t, formatDate).reference).toBe('< 50');
  });

  it('writes agglutination grade and type, the pellet finding and the comments in words', () => {
    const rows = byKey(benchDetailRows(fullBench, 20));
    const texts = (key: string) => {
      const row = rows[key];
      if (row === undefined) throw new Error(`${key} row expected`);
      return rowTexts(row, t, formatDate);
    };
    expect(texts('agglutination').result).toBe(
      'reports.agglutination.grade2, reports.agglutination.typeA',
    );
    expect(texts('agglutination').method).toBe(
      'reports.method.manualEntry {"method":"reports.method.names.wet_preparation"}',
    );
    expect(texts('pellet').result).toBe('reports.pellet.not_examined');
    expect(texts('comments').result).toBe('Some debris');
  });

  it('lists no detail row for modules never assessed', () => {
    expect(benchDetailRows({}, 20)).toEqual([]);
    const none = benchRecord('agg-0', {
      module: 'agglutination',
      method: 'wet_preparation',
      grade: 0,
      type: null,
      notes: '',
    });
    const [row] = benchDetailRows({ agglutination: none }, 20);
    if (row === undefined) throw new Error('agglutination row expected');
    expect(rowTexts(row, t, formatDate).result).toBe('reports.agglutination.grade0');
  });
});
