import {
  WHO_MOTILITY_CATEGORIES,
  type ConcentrationReport,
  type CurrentAssessments,
  type MotilityReport,
  type ReportLetterhead,
  type ReportPatient,
  type ReportSample,
  type ReportVersion,
  type VideoSummary,
} from '@sarm/contracts';
import { classShareText, valueWithInterval } from '../analysis/uncertaintyLogic';
import type { ReportTableRow } from './benchRows';
import { benchDetailRows } from './benchRows';
import { fmt, whoRows, whoTableRow } from './reportLogic';
import {
  authorisationRows,
  letterheadLines,
  methodRows,
  patientIdentityRows,
  sampleDetailRows,
} from './reportRecordPdf';
import { concentrationUncertaintyRows, motilityUncertaintyRows } from './reportUncertaintyRows';
import { rowTexts } from './reportRowText';
import type { DateParts, FormatDate, PdfBlock, Translate } from './reportPdfTypes';
import { recordBlocks } from './reportVersionsLogic';

// The shared types live one floor down; re-exported so the PDF's callers keep one import.
export type { PdfBlock, Translate } from './reportPdfTypes';

/**
 * The pure half of "Download PDF": turns the report data into a list of blocks (text rows, tables,
 * bars) with every text already formatted. pdfWriter.ts draws the blocks with jsPDF.
 */

export interface PdfReportInput {
  readonly title: string;
  readonly datasetName: string;
  readonly projectName: string;
  /** Label/value rows of the "Sample information" card. */
  readonly sample: readonly (readonly [string, string])[];
  /** The patients of the analysed videos, printed above the sample rows. */
  readonly patients: readonly ReportPatient[];
  readonly concentration: ConcentrationReport | null;
  readonly motility: MotilityReport | null;
  readonly summaries: readonly VideoSummary[];
  readonly warnings: readonly string[];
  /** The stored version printed (number, amendment, signer and date); absent for a fresh run. */
  readonly record?: {
    readonly version: ReportVersion;
    readonly formatDate: FormatDate;
    /** Date and time written apart on the signature line; the browser's locale by default. */
    readonly dateParts?: DateParts;
  };
  /** The laboratory identity printed at the head (system settings). */
  readonly letterhead?: ReportLetterhead;
  /** The sample as the version froze it: patient identity, collection, method. */
  readonly sampleRecord?: ReportSample;
  /** The bench assessments of the version; none for a fresh analysis. */
  readonly assessments?: CurrentAssessments;
  /** The interpretation paragraph, and who edited it (or that it is a suggestion). */
  readonly interpretation?: { readonly text: string; readonly note: string | null };
  /** The demo sample's report (issue 32): marked under the title and on every page's footer. */
  readonly demo?: boolean;
}

const CATEGORY_KEYS = {
  'Rapid Progressive': 'rapid',
  'Slow Progressive': 'slow',
  'Non Progressive': 'nonProgressive',
  Immotile: 'immotile',
} as const;

/** The distinct patients of the given reports (a report run answers them in both halves). */
export function reportPatients(
  ...lists: readonly (readonly ReportPatient[] | undefined)[]
): ReportPatient[] {
  const byId = new Map<string, ReportPatient>();
  for (const patient of lists.flatMap((list) => list ?? [])) byId.set(patient.id, patient);
  return [...byId.values()];
}

/** Name, age and contact of each patient for the sample information; one row when none. */
export function patientRows(
  patients: readonly ReportPatient[],
  t: Translate,
): (readonly [string, string])[] {
  if (patients.length === 0) return [[t('reports.patient'), t('reports.noPatientLinked')]];
  return patients.flatMap((patient) => [
    [t('reports.patient'), patient.name] as const,
    [t('reports.patientAge'), patient.age === null ? '-' : String(patient.age)] as const,
    [
      t('reports.patientContact'),
      patient.contact_number === '' ? '-' : patient.contact_number,
    ] as const,
  ]);
}

export function buildPdfBlocks(input: PdfReportInput, t: Translate): PdfBlock[] {
  const blocks: PdfBlock[] = [
    {
      kind: 'title',
      text: input.title,
      subtitle: `${t('reports.dataset')}: ${input.datasetName} · ${t('reports.project')}: ${input.projectName}`,
    },
    ...sampleBlocks(input, t),
  ];
  // Right under the title, so an amended report says so before any figure.
  if (input.record !== undefined)
    blocks.splice(1, 0, ...recordBlocks(input.record.version, t, input.record.formatDate));
  if (input.demo === true) blocks.splice(1, 0, { kind: 'heading', text: t('demo.pdfMark') });
  if (input.letterhead !== undefined)
    blocks.unshift({
      kind: 'letterhead',
      name: input.letterhead.name,
      lines: letterheadLines(input.letterhead, t),
      logo: input.letterhead.logo,
    });

  blocks.push({ kind: 'heading', text: t('reports.concentrationTitle') });
  const c = input.concentration;
  if (c === null) blocks.push({ kind: 'rows', rows: [['', t('reports.notAvailable')]] });
  else {
    const a = c.aggregated_results;
    blocks.push({
      kind: 'rows',
      rows: [
        [
          t('reports.meanConcentration'),
          valueWithInterval(
            a.mean_concentration_million_per_ml,
            t('reports.millionPerMl'),
            a.concentration_ci95,
            t,
          ),
        ],
        [t('reports.classification'), t(`reports.status.${a.overall_classification}`)],
        [t('reports.spermTracked'), String(a.total_sperm_count)],
        [t('reports.videosUsed'), String(c.video_summaries.length)],
        ...concentrationUncertaintyRows(c, t),
      ],
    });
  }

  blocks.push({ kind: 'heading', text: t('reports.motilityTitle') });
  const m = input.motility;
  if (m === null) blocks.push({ kind: 'rows', rows: [['', t('reports.notAvailable')]] });
  else {
    const a = m.aggregated_results;
    const categories = WHO_MOTILITY_CATEGORIES.map((category) => ({
      label: t(`reports.category.${CATEGORY_KEYS[category]}`),
      percent: a.motility_distribution[category],
    }));
    blocks.push({
      kind: 'rows',
      rows: [
        ...WHO_MOTILITY_CATEGORIES.map(
          (category, i) =>
            [
              categories[i]?.label ?? category,
              classShareText(category, a.motility_distribution, a.motility_ci95, t),
            ] as const,
        ),
        [
          t('reports.progressive'),
          valueWithInterval(a.progressive_percent, '%', a.progressive_ci95, t),
        ],
        [
          t('reports.totalMotility'),
          valueWithInterval(a.total_motility_percent, '%', a.total_motility_ci95, t),
        ],
        [t('reports.velocity'), fmt(a.average_velocity)],
        [t('reports.spermTracked'), String(a.total_sperm_count)],
        ...motilityUncertaintyRows(m, t),
      ],
    });
    blocks.push({ kind: 'heading', text: t('reports.pdf.chartTitle') });
    blocks.push({ kind: 'bars', bars: categories });
  }

  blocks.push(...resultBlocks(input, t));

  const cp = c?.analysis_parameters;
  const mp = m?.analysis_parameters;
  if (input.sampleRecord !== undefined) {
    blocks.push({ kind: 'heading', text: t('reports.record.methodTitle') });
    blocks.push({
      kind: 'rows',
      rows: methodRows(input.sampleRecord, input.letterhead?.software, t),
    });
  }
  blocks.push({ kind: 'heading', text: t('reports.parametersTitle') });
  blocks.push({
    kind: 'rows',
    rows: [
      [t('reports.whoStandard'), cp?.who_standard ?? mp?.who_standard ?? '-'],
      [
        t('reports.chamberDepth'),
        cp === undefined ? '-' : `${cp.chamber_specifications.depth_um} µm`,
      ],
      [
        t('reports.dilution'),
        cp === undefined ? '-' : String(cp.chamber_specifications.dilution_factor),
      ],
      [t('reports.micronPerPixel'), String(cp?.micron_per_pixel ?? mp?.micron_per_pixel ?? '-')],
      [
        t('reports.thresholds'),
        mp === undefined
          ? '-'
          : `${mp.motility_thresholds.rapid_progressive} / ${mp.motility_thresholds.slow_progressive} µm/s`,
      ],
      [t('reports.formula'), cp?.formula ?? '-'],
    ],
  });

  if (input.summaries.length > 0) {
    blocks.push({ kind: 'heading', text: t('reports.videoDetails') });
    blocks.push({
      kind: 'table',
      head: [
        t('reports.video'),
        t('reports.concentrationShort'),
        t('reports.progressive'),
        t('reports.totalMotility'),
        t('reports.velocity'),
        t('reports.tracked'),
      ],
      rows: input.summaries.map((s) => [
        s.video_name,
        fmt(s.concentration_million_per_ml),
        `${fmt(s.progressive_percent)} %`,
        `${fmt(s.total_motility_percent)} %`,
        fmt(s.average_velocity),
        String(s.total_sperm_count),
      ]),
    });
  }

  if (input.warnings.length > 0) {
    blocks.push({ kind: 'heading', text: t('reports.warnings') });
    blocks.push({ kind: 'rows', rows: input.warnings.map((w) => ['', w] as const) });
  }
  if (input.record !== undefined) {
    blocks.push({ kind: 'heading', text: t('reports.record.authorisationTitle') });
    blocks.push({
      kind: 'rows',
      rows: authorisationRows(
        input.record.version,
        t,
        input.record.formatDate,
        input.record.dateParts,
      ),
    });
  }
  return blocks;
}

/** The results table's column heads, as the screen shows them. */
export const resultColumns = (t: Translate) => [
  t('reports.parameter'),
  t('reports.result'),
  t('reports.columns.method'),
  t('reports.columns.cells'),
  t('reports.reference'),
  t('reports.classification'),
  t('reports.columns.countedBy'),
];

/**
 * The WHO limits table (CASA figures, vitality, normal forms), the bench detail when any module
 * was assessed, and the interpretation paragraph.
 */
function resultBlocks(input: PdfReportInput, t: Translate): PdfBlock[] {
  const { concentration, motility } = input;
  const assessments = input.assessments ?? {};
  const formatDate = input.record?.formatDate ?? ((iso: string) => new Date(iso).toLocaleString());
  const table = (rows: readonly ReportTableRow[]): PdfBlock => ({
    kind: 'table',
    head: resultColumns(t),
    rows: rows.map((row) => {
      const texts = rowTexts(row, t, formatDate);
      return [
        texts.parameter,
        texts.result,
        texts.method,
        texts.cells,
        texts.reference,
        texts.status === '' ? '-' : texts.status,
        texts.countedBy,
      ];
    }),
  });
  const blocks: PdfBlock[] = [
    { kind: 'heading', text: t('reports.whoTitle') },
    table(whoRows(concentration, motility, assessments).map(whoTableRow)),
  ];
  const detail = benchDetailRows(
    assessments,
    concentration?.aggregated_results.mean_concentration_million_per_ml ?? null,
  );
  if (detail.length > 0)
    blocks.push({ kind: 'heading', text: t('reports.benchTitle') }, table(detail));
  if (input.interpretation !== undefined) {
    const { text, note } = input.interpretation;
    blocks.push(
      { kind: 'heading', text: t('reports.interpretation.title') },
      { kind: 'rows', rows: [['', text], ...(note === null ? [] : [['', note] as const])] },
    );
  }
  return blocks;
}

/** Patient and sample: the frozen sample record when there is one, else the linked patients. */
function sampleBlocks(input: PdfReportInput, t: Translate): PdfBlock[] {
  const { sampleRecord, record } = input;
  if (sampleRecord === undefined)
    return [
      { kind: 'heading', text: t('reports.sampleTitle') },
      { kind: 'rows', rows: [...patientRows(input.patients, t), ...input.sample] },
    ];
  const formatDate = record?.formatDate ?? ((iso: string) => new Date(iso).toLocaleString());
  return [
    { kind: 'heading', text: t('reports.record.patientTitle') },
    { kind: 'rows', rows: patientIdentityRows(sampleRecord, input.patients, t) },
    { kind: 'heading', text: t('reports.sampleTitle') },
    { kind: 'rows', rows: [...sampleDetailRows(sampleRecord, t, formatDate), ...input.sample] },
  ];
}

/** The left of each page's footer: the sample, and the version of a stored report. */
export function pdfFooter(input: PdfReportInput, t: Translate): string {
  const version = input.record?.version.version;
  const sample =
    input.demo === true ? `${t('demo.pdfMark')} · ${input.datasetName}` : input.datasetName;
  return version === undefined
    ? sample
    : `${sample} · ${t('reports.versions.versionN', { version })}`;
}

/** Every text of the blocks in reading order (what a text extractor finds in the PDF). */
export function blockTexts(blocks: readonly PdfBlock[]): string[] {
  return blocks.flatMap((block): string[] => {
    switch (block.kind) {
      case 'letterhead':
        return [block.name, ...block.lines];
      case 'title':
        return [block.text, block.subtitle];
      case 'heading':
        return [block.text];
      case 'rows':
        return block.rows.flatMap(([label, value]) => (label === '' ? [value] : [label, value]));
      case 'table':
        return [...block.head, ...block.rows.flat()];
      case 'bars':
        return block.bars.map((bar) => `${bar.label} ${fmt(bar.percent)} %`);
    }
  });
}

const REPLACEMENTS: Record<string, string> = {
  '≥': '>=',
  '≤': '<=',
  '−': '-',
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '…': '...',
  đ: 'd',
  Đ: 'D',
};

/**
 * The PDF uses the built-in Helvetica (no font file to ship), which covers Latin-1 only: other
 * characters are spelled out, lose their accents (Vietnamese tones) or become '?'.
 */
export function toLatin1(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0xff) out += char;
    else if (REPLACEMENTS[char] !== undefined) out += REPLACEMENTS[char];
    else {
      const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      const composed = base.normalize('NFC');
      out += [...composed].every((c) => (c.codePointAt(0) ?? 0) <= 0xff)
        ? composed
        : (REPLACEMENTS[composed] ?? '?');
    }
  }
  return out;
}

/** who-report-<dataset>-<YYYY-MM-DD>.pdf with the dataset name made safe for a file name. */
export function pdfFileName(datasetName: string, date: Date): string {
  const safe =
    datasetName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'dataset';
  const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return `who-report-${safe}-${day}.pdf`;
}
