import type { ReportLetterhead, ReportSample, ReportVersion } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { writePdf } from './pdfWriter';
import { blockTexts, buildPdfBlocks, type Translate } from './reportPdf';
import {
  fhirFileName,
  letterheadLines,
  methodRows,
  pageCounterContent,
  PAGE_MARK,
  PAGES_MARK,
  patientIdentityRows,
  sampleDetailRows,
} from './reportRecordPdf';

/** Echoes the key with its options, so the test sees which text went where. */
const echo = (key: string, options?: unknown) =>
  options === undefined ? key : `${key} ${JSON.stringify(options)}`;
const t = echo as unknown as Translate;
const formatDate = (iso: string) => `date(${iso})`;

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const letterhead: ReportLetterhead = {
  name: 'Andrology Lab Hanoi',
  address: '12 Tran Hung Dao\n\nHanoi',
  phone: '+84 24 1234 5678',
  accreditation: 'ISO 15189:2022 no. 42',
  logo: PNG,
  software: { name: 'SARM', version: '0.1.0' },
};
const sample: ReportSample = {
  patient: { id: 'MRN-0042', name: 'Jean Dupont', age: 34 },
  collected_at: '2026-03-02T08:15:00.000Z',
  abstinence_days: 3,
  semen_volume_ml: 3.2,
  collection_complete: false,
  minutes_to_analysis: 35,
  appearance: 'Grey-opalescent',
  liquefaction: null,
  viscosity: '',
  ph: 7.6,
  chamber_name: 'Leja 20',
  chamber_depth_um: 20,
  dilution_factor: 1,
  um_per_pixel: 0.5,
  calibration_profile: { id: 'c1', name: 'Olympus 20x', objective: '20x', um_per_pixel: 0.5 },
};
const signed: ReportVersion = {
  version: 2,
  createdAt: '2026-03-02T09:00:00.000Z',
  createdBy: { id: 'u1', name: 'Ana Lyst' },
  signed: true,
  signedBy: { id: 'u2', name: 'Dr Signer' },
  signedAt: '2026-03-02T10:00:00.000Z',
  signatureMeaning: 'reviewed_and_released',
  amends: 1,
  reason: 'Volume re-measured',
};
const input = {
  title: 'Stored report',
  datasetName: 'Sample 77',
  projectName: 'Clinic',
  sample: [['Dataset', 'Sample 77']] as const,
  patients: [],
  concentration: null,
  motility: null,
  summaries: [],
  warnings: [],
  record: {
    version: signed,
    formatDate,
    dateParts: {
      day: (iso: string) => `day(${iso.slice(0, 10)})`,
      time: (iso: string) => `time(${iso.slice(11, 16)})`,
    },
  },
  letterhead,
  sampleRecord: sample,
};

describe('report record rows', () => {
  it('prints the laboratory address line by line, then phone and accreditation', () => {
    expect(letterheadLines(letterhead, t)).toEqual([
      '12 Tran Hung Dao',
      'Hanoi',
      'reports.record.phone: +84 24 1234 5678',
      'ISO 15189:2022 no. 42',
    ]);
    expect(
      letterheadLines({ ...letterhead, address: '', phone: '', accreditation: '' }, t),
    ).toEqual([]);
  });

  it("names the sample's patient with the record number, else the linked patients", () => {
    expect(patientIdentityRows(sample, [], t)).toEqual([
      ['reports.patient', 'Jean Dupont'],
      ['reports.record.patientId', 'MRN-0042'],
      ['reports.patientAge', '34'],
    ]);
    const linked = [{ id: 'p9', name: 'Linked', age: null, contact_number: '' }];
    expect(patientIdentityRows({ ...sample, patient: null }, linked, t)).toEqual([
      ['reports.patient', 'Linked'],
      ['reports.record.patientId', 'p9'],
      ['reports.patientAge', '-'],
    ]);
    expect(patientIdentityRows(undefined, [], t)).toEqual([
      ['reports.patient', 'reports.noPatientLinked'],
    ]);
  });

  it('lists the collection details and only the optional ones that were noted', () => {
    expect(sampleDetailRows(sample, t, formatDate)).toEqual([
      ['reports.record.collectedAt', 'date(2026-03-02T08:15:00.000Z)'],
      ['reports.record.abstinence', 'reports.record.days {"count":3}'],
      ['reports.record.volume', '3.2 ml'],
      ['reports.record.collectionComplete', 'reports.record.no'],
      ['reports.record.minutesToAnalysis', 'reports.record.minutes {"count":35}'],
      ['reports.record.appearance', 'Grey-opalescent'],
      ['reports.record.ph', '7.6'],
    ]);
    const blank = { ...sample, collected_at: null, semen_volume_ml: null };
    expect(sampleDetailRows(blank, t, formatDate)[0]).toEqual([
      'reports.record.collectedAt',
      'reports.record.notRecorded',
    ]);
  });

  it('states the method: CASA, the SARM version, the calibration profile and the chamber', () => {
    expect(methodRows(sample, letterhead.software, t)).toEqual([
      ['reports.record.method', 'reports.record.casa'],
      ['reports.record.software', 'SARM 0.1.0'],
      ['reports.record.calibration', 'Olympus 20x, 20x'],
      ['reports.micronPerPixel', '0.5'],
      ['reports.record.chamber', 'Leja 20, 20 µm'],
      ['reports.dilution', '1'],
    ]);
    expect(methodRows({ ...sample, calibration_profile: null }, undefined, t)[2]).toEqual([
      'reports.record.calibration',
      'reports.record.noProfile',
    ]);
  });

  it('turns a translated page label into CSS counters', () => {
    expect(pageCounterContent(`Page ${PAGE_MARK} of ${PAGES_MARK}`)).toBe(
      '"Page " counter(page) " of " counter(pages)',
    );
    expect(pageCounterContent(`Trang ${PAGE_MARK} / ${PAGES_MARK}`)).toBe(
      '"Trang " counter(page) " / " counter(pages)',
    );
  });

  it('names the FHIR file after the sample and version', () => {
    expect(fhirFileName('Sample 7/B', 2)).toBe('who-report-Sample-7-B-v2.fhir.json');
  });
});

describe('PDF of a report record', () => {
  it('opens with the laboratory, then the record, patient and sample; ends with the authorisation', () => {
    const blocks = buildPdfBlocks(input, t);
    expect(blocks[0]).toMatchObject({ kind: 'letterhead', name: 'Andrology Lab Hanoi', logo: PNG });
    expect(blocks.map((block) => block.kind).slice(0, 4)).toEqual([
      'letterhead',
      'title',
      'heading',
      'rows',
    ]);
    const texts = blockTexts(blocks);
    const order = [
      'Andrology Lab Hanoi',
      'reports.record.patientTitle',
      'Jean Dupont',
      '3.2 ml',
      'reports.record.methodTitle',
      'Olympus 20x, 20x',
      'reports.record.authorisationTitle',
    ].map((text) => texts.indexOf(text));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(texts.slice(-9)).toEqual([
      'reports.versions.signedBy',
      'Dr Signer',
      'reports.versions.signedAt',
      'date(2026-03-02T10:00:00.000Z)',
      'reports.versions.meaning',
      'reports.versions.meanings.reviewed_and_released',
      'reports.versions.version',
      '2',
      'reports.versions.signatureLine {"name":"Dr Signer","date":"day(2026-03-02)","time":"time(10:00)","meaning":"reports.versions.meanings.reviewed_and_released"}',
    ]);
  });

  it('draws the logo and numbers every page "n of N"', async () => {
    const long = { ...input, warnings: Array.from({ length: 80 }, (_, i) => `warning ${i}`) };
    const blob = writePdf(buildPdfBlocks(long, t), {
      pageLabel: (page, total) => `Page ${page} of ${total}`,
      footer: 'Sample 77 · v2',
    });
    const text = new TextDecoder('latin1').decode(await blob.arrayBuffer());
    expect(text).toContain('/Subtype /Image');
    expect(text).toContain('(Andrology Lab Hanoi) Tj');
    const pages = [...text.matchAll(/\(Page (\d+) of (\d+)\) Tj/g)];
    expect(pages.length).toBeGreaterThan(1);
    const total = String(pages.length);
    expect(pages.map((match) => match[2])).toEqual(pages.map(() => total));
    expect(pages.map((match) => Number(match[1]))).toEqual(pages.map((_, i) => i + 1));
    expect(text).toContain('(Sample 77 \xb7 v2) Tj');
  });
});
