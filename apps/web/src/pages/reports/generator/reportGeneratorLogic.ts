import {
  ALL_REPORT_SECTIONS,
  REPORT_SECTION_KEYS,
  WHO_2010_LIMITS,
  type AnalysisItem,
  type Patient,
  type ReportPatientInfo,
  type ReportSectionKey,
  type ReportTemplate,
  type ReportTemplateDefaults,
} from '@sarm/contracts';
import { fmt } from '../reportLogic';
import type { PdfBlock, Translate } from '../reportPdf';

/**
 * The pure half of the report generator (spec 1 §2.4): template defaults, the comparison with the
 * generator's reference set (spec 1 §9) and the content model that the preview, the PDF and the
 * print all show.
 */

/** Toggles and texts of the form; the same shape as a template's defaults. */
export type GeneratorSettings = ReportTemplateDefaults;

export const EMPTY_SETTINGS: GeneratorSettings = {
  ...ALL_REPORT_SECTIONS,
  commentText: '',
  recommendationText: '',
};

/** Choosing a template replaces every toggle and both texts with its defaults. */
export function applyTemplate(template: ReportTemplate | undefined): GeneratorSettings {
  return template === undefined ? { ...EMPTY_SETTINGS } : { ...template.defaults };
}

/** The default template, else the first one. */
export function initialTemplate(templates: readonly ReportTemplate[]): ReportTemplate | undefined {
  return templates.find((template) => template.isDefault) ?? templates[0];
}

export function toggleSection(
  settings: GeneratorSettings,
  key: ReportSectionKey,
): GeneratorSettings {
  return { ...settings, [key]: !settings[key] };
}

/** i18n key of each toggle's label. */
export const SECTION_LABEL_KEYS = {
  includeDoctorInfo: 'reportGenerator.sections.doctorInfo',
  includePatientInfo: 'reportGenerator.sections.patientInfo',
  includeConcentration: 'reportGenerator.sections.concentration',
  includeMotility: 'reportGenerator.sections.motility',
  includeMorphology: 'reportGenerator.sections.morphology',
  includeImages: 'reportGenerator.sections.images',
  includeWHOComparison: 'reportGenerator.sections.whoComparison',
} as const satisfies Record<ReportSectionKey, string>;

export const SECTION_KEYS = REPORT_SECTION_KEYS;

/** The patient box as saved with a report. */
export function patientInfoOf(patient: Patient | undefined): ReportPatientInfo | null {
  return patient === undefined
    ? null
    : { name: patient.name, age: patient.age, contactNumber: patient.contactNumber };
}

/** Completed analyses of one patient ('' = every patient), newest first as the server sends them. */
export function analysesOfPatient(
  analyses: readonly AnalysisItem[],
  patientId: string,
): AnalysisItem[] {
  return analyses.filter(
    (analysis) =>
      analysis.status === 'completed' && (patientId === '' || analysis.patient_id === patientId),
  );
}

export type ReferenceStatus = 'normal' | 'below' | 'unavailable';
export type ReferenceKey = 'concentration' | 'progressive' | 'totalMotility' | 'normalForms';

export interface ReferenceRow {
  readonly key: ReferenceKey;
  readonly value: number | null;
  readonly unit: string;
  readonly reference: number;
  readonly status: ReferenceStatus;
}

/** At or above the lower limit is normal, below it 'Below Reference'; no value is 'N/A'. */
export function referenceStatus(value: number | null, limit: number): ReferenceStatus {
  if (value === null || !Number.isFinite(value)) return 'unavailable';
  return value >= limit ? 'normal' : 'below';
}

/**
 * The generator's reference comparison (spec 1 §9: 15 M/ml, 32 % progressive, 40 % total, 4 %
 * normal forms). The CASA engine measures head shapes but does not classify normal forms, so that
 * row stays 'N/A' until a morphology classification exists.
 */
export function referenceRows(analysis: AnalysisItem | null): ReferenceRow[] {
  const row = (key: ReferenceKey, value: number | null, unit: string, reference: number) => ({
    key,
    value,
    unit,
    reference,
    status: referenceStatus(value, reference),
  });
  return [
    row(
      'concentration',
      analysis?.concentration_million_per_ml ?? null,
      'M/ml',
      WHO_2010_LIMITS.concentrationMillionPerMl,
    ),
    row(
      'progressive',
      analysis?.progressive_percent ?? null,
      '%',
      WHO_2010_LIMITS.progressiveMotilityPercent,
    ),
    row(
      'totalMotility',
      analysis?.total_motility_percent ?? null,
      '%',
      WHO_2010_LIMITS.totalMotilityPercent,
    ),
    row('normalForms', null, '%', WHO_2010_LIMITS.normalFormsPercent),
  ];
}

export interface GeneratorReportInput {
  readonly title: string;
  readonly generatedAt: Date;
  readonly locale: string;
  readonly templateName: string | null;
  readonly settings: GeneratorSettings;
  readonly doctor: { readonly name: string; readonly email: string } | null;
  readonly patient: ReportPatientInfo | null;
  readonly analysis: AnalysisItem | null;
}

export type ReportSectionId =
  | 'doctor'
  | 'patient'
  | 'analysis'
  | 'concentration'
  | 'motility'
  | 'morphology'
  | 'images'
  | 'reference'
  | 'comments'
  | 'recommendations';

/** One part of the report: a heading and its blocks. */
export interface ReportSection {
  readonly id: ReportSectionId;
  readonly blocks: readonly PdfBlock[];
}

export interface ReportContent {
  readonly header: Extract<PdfBlock, { kind: 'title' }>;
  readonly sections: readonly ReportSection[];
}

const withUnit = (value: number | null, unit: string, digits = 1) =>
  value === null ? null : `${fmt(value, digits)} ${unit}`;

/** The report as headed sections of blocks, in the order they are shown and printed. */
export function buildReportContent(input: GeneratorReportInput, t: Translate): ReportContent {
  const na = t('reportGenerator.notAvailable');
  const { settings, analysis, patient } = input;
  const sections: ReportSection[] = [];
  const section = (
    id: ReportSectionId,
    heading: string,
    rows: readonly (readonly [string, string | null])[],
  ) =>
    sections.push({
      id,
      blocks: [
        { kind: 'heading', text: heading },
        { kind: 'rows', rows: rows.map(([label, value]) => [label, value ?? na] as const) },
      ],
    });
  const noAnalysis = [['', t('reportGenerator.noAnalysisSelected')]] as const;

  if (settings.includeDoctorInfo && input.doctor !== null)
    section('doctor', t('reportGenerator.preview.doctorTitle'), [
      [t('reportGenerator.preview.doctorName'), input.doctor.name],
      [t('reportGenerator.preview.doctorEmail'), input.doctor.email],
    ]);
  if (settings.includePatientInfo)
    section(
      'patient',
      t('reportGenerator.preview.patientTitle'),
      patient === null
        ? [['', t('reportGenerator.noPatientSelected')]]
        : [
            [t('reportGenerator.patientName'), patient.name],
            [t('reportGenerator.patientAge'), patient.age === null ? null : String(patient.age)],
            [t('reportGenerator.patientContact'), patient.contactNumber || null],
          ],
    );
  if (analysis !== null)
    section('analysis', t('reportGenerator.preview.analysisTitle'), [
      [t('reportGenerator.preview.analysisId'), analysis.id.slice(0, 8)],
      [t('reportGenerator.preview.video'), analysis.video_name],
      [
        t('reportGenerator.preview.analysisDate'),
        new Date(analysis.created_at).toLocaleString(input.locale),
      ],
      [
        t('reportGenerator.preview.spermTracked'),
        analysis.total_sperm_count === null ? null : String(analysis.total_sperm_count),
      ],
    ]);
  if (settings.includeConcentration)
    section(
      'concentration',
      t('reportGenerator.preview.concentrationTitle'),
      analysis === null
        ? noAnalysis
        : [
            [
              t('reportGenerator.preview.concentration'),
              withUnit(analysis.concentration_million_per_ml, 'M/ml'),
            ],
          ],
    );
  if (settings.includeMotility)
    section(
      'motility',
      t('reportGenerator.preview.motilityTitle'),
      analysis === null
        ? noAnalysis
        : [
            [t('reportGenerator.preview.progressive'), withUnit(analysis.progressive_percent, '%')],
            [
              t('reportGenerator.preview.totalMotility'),
              withUnit(analysis.total_motility_percent, '%'),
            ],
            [t('reportGenerator.preview.immotile'), withUnit(analysis.immotile_percent, '%')],
            [t('reportGenerator.preview.velocity'), withUnit(analysis.average_velocity, 'µm/s')],
          ],
    );
  if (settings.includeMorphology) {
    const shape = analysis?.morphometry ?? null;
    section(
      'morphology',
      t('reportGenerator.preview.morphologyTitle'),
      analysis === null
        ? noAnalysis
        : [
            [t('reportGenerator.preview.normalForms'), null],
            ...(shape === null
              ? []
              : ([
                  [t('reportGenerator.preview.headArea'), withUnit(shape.area_um2, 'µm²')],
                  [t('reportGenerator.preview.headLength'), withUnit(shape.length_um, 'µm', 2)],
                  [t('reportGenerator.preview.headWidth'), withUnit(shape.width_um, 'µm', 2)],
                  [t('reportGenerator.preview.ellipticity'), fmt(shape.ellipticity, 2)],
                ] as const)),
          ],
    );
  }
  if (settings.includeImages)
    section(
      'images',
      t('reportGenerator.preview.imagesTitle'),
      analysis === null ? noAnalysis : [[t('reportGenerator.preview.video'), analysis.video_name]],
    );
  if (settings.includeWHOComparison)
    sections.push({
      id: 'reference',
      blocks: [
        { kind: 'heading', text: t('reportGenerator.preview.referenceTitle') },
        {
          kind: 'table',
          head: [
            t('reportGenerator.preview.parameter'),
            t('reportGenerator.preview.result'),
            t('reportGenerator.preview.reference'),
            t('reportGenerator.preview.status'),
          ],
          rows: referenceRows(analysis).map((row) => [
            t(`reportGenerator.reference.${row.key}`),
            withUnit(row.value, row.unit) ?? na,
            `≥ ${row.reference} ${row.unit}`,
            t(`reportGenerator.status.${row.status}`),
          ]),
        },
      ],
    });
  if (settings.commentText.trim() !== '')
    sections.push({
      id: 'comments',
      blocks: [
        { kind: 'heading', text: t('reportGenerator.comments') },
        { kind: 'rows', rows: [['', settings.commentText.trim()]] },
      ],
    });
  if (settings.recommendationText.trim() !== '')
    sections.push({
      id: 'recommendations',
      blocks: [
        { kind: 'heading', text: t('reportGenerator.recommendations') },
        { kind: 'rows', rows: [['', settings.recommendationText.trim()]] },
      ],
    });

  const date = input.generatedAt.toLocaleString(input.locale);
  return {
    header: {
      kind: 'title',
      text: input.title.trim() === '' ? t('reportGenerator.untitled') : input.title.trim(),
      subtitle:
        input.templateName === null
          ? t('reportGenerator.preview.generatedOn', { date })
          : t('reportGenerator.preview.generatedWith', { date, template: input.templateName }),
    },
    sections,
  };
}

/** What the PDF writer draws: the header, then every section's blocks. */
export function reportBlocks(content: ReportContent): PdfBlock[] {
  return [content.header, ...content.sections.flatMap((section) => section.blocks)];
}

/** report-<title>-<YYYY-MM-DD>.pdf with the title made safe for a file name. */
export function reportFileName(title: string, date: Date): string {
  const safe =
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'report';
  const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return `report-${safe}-${day}.pdf`;
}

/** Base64 of binary data (the PDF sent with an e-mail), in chunks to spare the call stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk)
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

export type TitleError = 'reportGenerator.titleRequired' | null;

/** The title is required (spec 1 §2.4). */
export function validateTitle(title: string): TitleError {
  return title.trim() === '' ? 'reportGenerator.titleRequired' : null;
}

/** A valid-looking e-mail address for the dialog's early check (the server decides). */
export function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
