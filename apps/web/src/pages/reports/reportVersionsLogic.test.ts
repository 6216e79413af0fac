import type { ReportVersion } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { blockTexts, buildPdfBlocks, type Translate } from './reportPdf';
import {
  isAmended,
  needsAmendReason,
  parseVersionParam,
  recordBlocks,
  recordRows,
  reportTitle,
  signatureLine,
  signatureMeaningText,
  versionOptionLabel,
} from './reportVersionsLogic';

/** Echoes the key with its options, so the test sees which text went where. */
const echo = (key: string, options?: unknown) =>
  options === undefined ? key : `${key} ${JSON.stringify(options)}`;
const t = echo as unknown as Translate;
const formatDate = (iso: string) => `<${iso.slice(0, 10)}>`;

const signed: ReportVersion = {
  version: 1,
  createdAt: '2026-03-01T08:00:00.000Z',
  createdBy: { id: 'u1', name: 'Ana Lyst' },
  signed: true,
  signedBy: { id: 'u2', name: 'Dr Signer' },
  signedAt: '2026-03-02T09:00:00.000Z',
  signatureMeaning: 'reviewed_and_released',
  amends: null,
  reason: null,
};
const amendment: ReportVersion = {
  version: 2,
  createdAt: '2026-03-03T10:00:00.000Z',
  createdBy: null,
  signed: false,
  signedBy: null,
  signedAt: null,
  signatureMeaning: null,
  amends: 1,
  reason: 'Wrong chamber depth',
};

describe('report versions logic', () => {
  it('asks for a reason once any version is signed', () => {
    expect(needsAmendReason([])).toBe(false);
    expect(needsAmendReason([{ signed: false }])).toBe(false);
    expect(needsAmendReason([{ signed: false }, { signed: true }])).toBe(true);
  });

  it('reads only positive whole version numbers from the search parameter', () => {
    expect(parseVersionParam(null)).toBeUndefined();
    expect(parseVersionParam('3')).toBe(3);
    expect(parseVersionParam('0')).toBeUndefined();
    expect(parseVersionParam('-1')).toBeUndefined();
    expect(parseVersionParam('2.5')).toBeUndefined();
    expect(parseVersionParam('abc')).toBeUndefined();
  });

  it('marks the title of an amending version only', () => {
    expect(isAmended(amendment)).toBe(true);
    expect(reportTitle(signed, 'Stored report', t)).toBe('Stored report');
    expect(reportTitle(amendment, 'Stored report', t)).toBe(
      'Stored report · reports.versions.amendedReport',
    );
  });

  it('lists the signer and date of a signed version', () => {
    expect(recordRows(signed, t, formatDate)).toEqual([
      ['reports.versions.version', '1'],
      ['reports.versions.created', '<2026-03-01> · Ana Lyst'],
      ['reports.versions.signedBy', 'Dr Signer'],
      ['reports.versions.signedAt', '<2026-03-02>'],
      ['reports.versions.meaning', 'reports.versions.meanings.reviewed_and_released'],
    ]);
  });

  it('writes the signature line with signer, date, time and meaning', () => {
    const parts = {
      day: (iso: string) => iso.slice(0, 10),
      time: (iso: string) => iso.slice(11, 16),
    };
    expect(signatureLine(signed, t, parts)).toBe(
      'reports.versions.signatureLine {"name":"Dr Signer","date":"2026-03-02","time":"09:00","meaning":"reports.versions.meanings.reviewed_and_released"}',
    );
    // Signed before the meaning was asked: no meaning is made up.
    expect(signatureLine({ ...signed, signatureMeaning: null }, t, parts)).toBe(
      'reports.versions.signatureLinePlain {"name":"Dr Signer","date":"2026-03-02","time":"09:00"}',
    );
    expect(signatureLine(amendment, t, parts)).toBeNull();
    expect(signatureMeaningText(amendment, t)).toBeNull();
  });

  it('lists the amended version and the reason of an amendment, unsigned', () => {
    expect(recordRows(amendment, t, formatDate)).toEqual([
      ['reports.versions.version', '2'],
      ['reports.versions.created', '<2026-03-03> · reports.versions.unknownAuthor'],
      ['reports.versions.amendedReport', 'reports.versions.amendsVersion {"version":1}'],
      ['reports.versions.reason', 'Wrong chamber depth'],
      ['reports.versions.signedBy', 'reports.versions.notSigned'],
      ['reports.versions.signedAt', '-'],
    ]);
  });

  it('heads the PDF record with the amendment mark', () => {
    expect(recordBlocks(amendment, t, formatDate)[0]).toEqual({
      kind: 'heading',
      text: 'reports.versions.amendedNotice {"version":2,"amends":1}',
    });
    expect(recordBlocks(signed, t, formatDate)[0]).toEqual({
      kind: 'heading',
      text: 'reports.versions.recordTitle',
    });
  });

  it('prints the record right under the PDF title, with signer and amendment', () => {
    const blocks = buildPdfBlocks(
      {
        title: 'Report',
        datasetName: 'Sample',
        projectName: 'Clinic',
        sample: [],
        patients: [],
        concentration: null,
        motility: null,
        summaries: [],
        warnings: [],
        record: { version: amendment, formatDate },
      },
      t,
    );
    expect(blocks[1]).toEqual({
      kind: 'heading',
      text: 'reports.versions.amendedNotice {"version":2,"amends":1}',
    });
    const texts = blockTexts(blocks);
    expect(texts).toContain('Wrong chamber depth');
    expect(texts).toContain('reports.versions.notSigned');
    const plain = buildPdfBlocks(
      {
        title: 'Report',
        datasetName: 'Sample',
        projectName: 'Clinic',
        sample: [],
        patients: [],
        concentration: null,
        motility: null,
        summaries: [],
        warnings: [],
        record: { version: signed, formatDate },
      },
      t,
    );
    expect(blockTexts(plain)).toEqual(expect.arrayContaining(['Dr Signer', '<2026-03-02>']));
  });

  it('labels a version option with its date, author and marks', () => {
    expect(versionOptionLabel(signed, t, formatDate)).toBe(
      'reports.versions.versionN {"version":1} · <2026-03-01> · Ana Lyst · reports.versions.signed',
    );
    expect(versionOptionLabel(amendment, t, formatDate)).toBe(
      'reports.versions.versionN {"version":2} · <2026-03-03> · reports.versions.unknownAuthor · reports.versions.amendedChip',
    );
  });
});
