import {
  DEFAULT_SYSTEM_SETTINGS,
  ReportSourcesSchema,
  ReportTemplateListSchema,
  SavedReportListSchema,
  SavedReportSchema,
  SINGLE_RECIPIENT,
  type SavedReportSettings,
} from '@sarm/contracts';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCaller, audited, caller, recentAudit } from '../test/admin-helpers.js';
import { seedVideo } from '../test/business-helpers.js';
import { projectWithMember } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { readOutbox } from '../test/outbox.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ workers: false });
});
afterAll(async () => {
  await server.close();
});

async function generator(codes: string[] = ['sarm.generate_report']) {
  const who = await caller(server);
  await grantCustomRole(server, who.user.id, codes);
  return who;
}

const settings: SavedReportSettings = {
  includeDoctorInfo: true,
  includePatientInfo: true,
  includeConcentration: true,
  includeMotility: true,
  includeMorphology: false,
  includeImages: false,
  includeWHOComparison: true,
  commentText: 'Normal sample',
  recommendationText: 'No action needed',
  patientInfo: { name: 'Tran Van B', age: 41, contactNumber: '0903' },
};

async function defaultTemplateId(who: Awaited<ReturnType<typeof generator>>) {
  const list = ReportTemplateListSchema.parse(
    (await who.call('GET', '/api/sarm/reports/templates')).json(),
  );
  const id = list.templates.find((template) => template.isDefault)?.id;
  if (id === undefined) throw new Error('No default template');
  return id;
}

/** A patient of a project the user belongs to, with one analysed video. */
async function patientWithAnalysis(userId: string) {
  const project = await projectWithMember(server, userId);
  const patient = await server.context.repositories.patients.insert({
    name: 'Tran Van B',
    age: 41,
    contactNumber: '0903',
    projectId: project.id,
  });
  const { analysis } = await seedVideo(server, project.id, {
    patientId: patient.id,
    analysed: true,
  });
  if (analysis === undefined) throw new Error('No analysis');
  return { project, patient, analysis };
}

const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** The raw `.eml` files of the outbox sent to `to`. */
async function rawMailsTo(to: string): Promise<string[]> {
  const files = (await readdir(server.outboxDir)).filter((file) => file.includes(to)).sort();
  return Promise.all(files.map((file) => readFile(path.join(server.outboxDir, file), 'utf8')));
}

describe('report templates', () => {
  it('seeds the three default templates once, the standard WHO report first', async () => {
    const who = await generator();
    const first = ReportTemplateListSchema.parse(
      (await who.call('GET', '/api/sarm/reports/templates')).json(),
    );
    expect(first.templates.map((template) => template.name)).toEqual([
      'Standard WHO Report',
      'Brief Summary',
      'Detailed Clinical Report',
    ]);
    expect(first.templates[0]).toMatchObject({
      isDefault: true,
      defaults: { includeDoctorInfo: true, includeWHOComparison: true, includeImages: true },
    });
    expect(first.templates[1]?.defaults).toMatchObject({
      includeMorphology: false,
      includeImages: false,
    });
    const again = await who.call('GET', '/api/business/reports/templates');
    expect(ReportTemplateListSchema.parse(again.json()).total).toBe(3);
  });
});

describe('report sources', () => {
  it('lists visible patients and completed analyses to report generators only', async () => {
    const who = await generator();
    const { patient, analysis } = await patientWithAnalysis(who.user.id);
    const sources = ReportSourcesSchema.parse(
      (await who.call('GET', '/api/sarm/reports/sources')).json(),
    );
    expect(sources.patients.map((p) => p.id)).toContain(patient.id);
    expect(sources.analyses.find((a) => a.id === analysis.id)).toMatchObject({
      status: 'completed',
      patient_id: patient.id,
      concentration_million_per_ml: 12.5,
    });
    const outsider = await generator();
    const hidden = ReportSourcesSchema.parse(
      (await outsider.call('GET', '/api/sarm/reports/sources')).json(),
    );
    expect(hidden.analyses.map((a) => a.id)).not.toContain(analysis.id);
  });
});

describe('saved reports', () => {
  it('saves, lists, reads and deletes a report with audit entries', async () => {
    const who = await generator();
    const templateId = await defaultTemplateId(who);
    const { patient, analysis } = await patientWithAnalysis(who.user.id);

    const created = await who.call('POST', '/api/sarm/reports/saved', {
      title: '  Semen analysis March  ',
      templateId,
      patientId: patient.id,
      analysisId: analysis.id,
      settings,
    });
    expect(created.statusCode).toBe(201);
    const report = SavedReportSchema.parse(created.json());
    expect(report).toMatchObject({
      title: 'Semen analysis March',
      patientId: patient.id,
      patientName: 'Tran Van B',
      analysisId: analysis.id,
      templateId,
      createdBy: who.user.id,
      canDelete: true,
      settings: { commentText: 'Normal sample', includeMorphology: false },
    });
    expect(await audited(server, 'Report "Semen analysis March" saved')).toBe(true);

    const list = SavedReportListSchema.parse(
      (await who.call('GET', '/api/sarm/reports/saved')).json(),
    );
    expect(list.reports.map((r) => r.id)).toEqual([report.id]);
    const read = await who.call('GET', `/api/business/reports/saved/${report.id}`);
    expect(SavedReportSchema.parse(read.json()).settings.patientInfo?.name).toBe('Tran Van B');

    const removed = await who.call('DELETE', `/api/sarm/reports/saved/${report.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await audited(server, 'Report "Semen analysis March" deleted')).toBe(true);
    const gone = await who.call('GET', `/api/sarm/reports/saved/${report.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: 'Report not found' });
  });

  it("keeps other users' reports private; administrators see and delete them", async () => {
    const owner = await generator();
    const other = await generator();
    const templateId = await defaultTemplateId(owner);
    const created = SavedReportSchema.parse(
      (
        await owner.call('POST', '/api/sarm/reports/saved', {
          title: 'Private',
          templateId,
          settings,
        })
      ).json(),
    );
    const list = SavedReportListSchema.parse(
      (await other.call('GET', '/api/sarm/reports/saved')).json(),
    );
    expect(list.reports.map((r) => r.id)).not.toContain(created.id);
    expect((await other.call('GET', `/api/sarm/reports/saved/${created.id}`)).statusCode).toBe(404);
    expect((await other.call('DELETE', `/api/sarm/reports/saved/${created.id}`)).statusCode).toBe(
      404,
    );

    const admin = await adminCaller(server);
    const all = SavedReportListSchema.parse(
      (await admin.call('GET', '/api/sarm/reports/saved')).json(),
    );
    expect(all.reports.find((r) => r.id === created.id)?.canDelete).toBe(true);
    expect((await admin.call('DELETE', `/api/sarm/reports/saved/${created.id}`)).statusCode).toBe(
      200,
    );
  });

  it('answers 400 for invalid bodies and 404 for unknown ids', async () => {
    const who = await generator();
    const templateId = await defaultTemplateId(who);
    const invalid = [
      {},
      { title: '   ', templateId, settings },
      { title: 'A', settings },
      { title: 'A', templateId },
      { title: 'A', templateId, settings: { ...settings, includeImages: 'yes' } },
    ];
    for (const body of invalid) {
      const response = await who.call('POST', '/api/sarm/reports/saved', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const blank = await who.call('POST', '/api/sarm/reports/saved', {
      title: ' ',
      templateId,
      settings,
    });
    expect(blank.json()).toMatchObject({ message: 'Title is required' });

    const unknownTemplate = await who.call('POST', '/api/sarm/reports/saved', {
      title: 'A',
      templateId: 'nope',
      settings,
    });
    expect(unknownTemplate.statusCode).toBe(404);
    expect(unknownTemplate.json()).toMatchObject({ message: 'Template not found' });
    const unknownPatient = await who.call('POST', '/api/sarm/reports/saved', {
      title: 'A',
      templateId,
      patientId: 'nope',
      settings,
    });
    expect(unknownPatient.json()).toMatchObject({ statusCode: 404, message: 'Patient not found' });
    const unknownAnalysis = await who.call('POST', '/api/sarm/reports/saved', {
      title: 'A',
      templateId,
      analysisId: 'nope',
      settings,
    });
    expect(unknownAnalysis.json()).toMatchObject({
      statusCode: 404,
      message: 'Analysis not found',
    });
    expect((await who.call('GET', '/api/sarm/reports/saved/nope')).statusCode).toBe(404);
    expect((await who.call('DELETE', '/api/sarm/reports/saved/nope')).statusCode).toBe(404);
  });

  it('refuses callers without generate_reports with 403', async () => {
    const viewer = await generator(['sarm.view_motility', 'sarm.manage_patients']);
    for (const [method, url] of [
      ['GET', '/api/sarm/reports/templates'],
      ['GET', '/api/sarm/reports/sources'],
      ['GET', '/api/sarm/reports/saved'],
      ['POST', '/api/sarm/reports/saved'],
      ['DELETE', '/api/sarm/reports/saved/x'],
      ['POST', '/api/sarm/reports/email'],
      ['POST', '/api/business/reports/email'],
    ] as const) {
      const response = await viewer.call(method, url, method === 'POST' ? {} : undefined);
      expect(response.statusCode, url).toBe(403);
    }
  });
});

describe('e-mailing a report', () => {
  it('sends the mail with the PDF attached and records it', async () => {
    const who = await generator();
    const { patient, analysis } = await patientWithAnalysis(who.user.id);
    const response = await who.call('POST', '/api/sarm/reports/email', {
      recipient: 'doctor@clinic.test',
      subject: 'Your report',
      message: 'Please find the report attached.',
      reportTitle: 'Semen analysis March',
      patientId: patient.id,
      analysisId: analysis.id,
      pdfBase64: MINIMAL_PDF.toString('base64'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ sent: true });

    const mails = (await readOutbox(server.outboxDir)).filter(
      (mail) => mail.to === 'doctor@clinic.test',
    );
    expect(mails.map((mail) => mail.subject)).toEqual(['Your report']);
    const [raw] = await rawMailsTo('doctor@clinic.test');
    expect(raw).toMatch(/Content-Type: multipart\/mixed/);
    expect(raw).toContain('Please find the report attached.');
    expect(raw).toContain('Patient: Tran Van B');
    expect(raw).toMatch(/Content-Type: application\/pdf; name=Semen_analysis_March\.pdf/);
    const part = /Content-Disposition: attachment[^\n]*\n\n([A-Za-z0-9+/=\n]+)/.exec(raw ?? '');
    expect(Buffer.from(part?.[1] ?? '', 'base64').equals(MINIMAL_PDF)).toBe(true);
    expect(
      await audited(server, 'Report "Semen analysis March" e-mailed to doctor@clinic.test'),
    ).toBe(true);
  });

  it('sends without an attachment and defaults the subject to the report title', async () => {
    const who = await generator();
    const response = await who.call('POST', '/api/business/reports/email', {
      recipient: ' plain@clinic.test ',
      reportTitle: 'Weekly summary',
    });
    expect(response.json()).toMatchObject({ sent: true });
    const [mail] = (await readOutbox(server.outboxDir)).filter((m) => m.to === 'plain@clinic.test');
    expect(mail?.subject).toMatch(/Weekly summary$/);
    expect(mail?.text).toContain('Report: Weekly summary');
  });

  it('answers 400 for a bad recipient or a non-PDF attachment and 404 for unknown ids', async () => {
    const who = await generator();
    const missing = await who.call('POST', '/api/sarm/reports/email', { subject: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Recipient is required' });
    const bad = await who.call('POST', '/api/sarm/reports/email', { recipient: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Please enter a valid recipient email address' });
    const notPdf = await who.call('POST', '/api/sarm/reports/email', {
      recipient: 'a@clinic.test',
      pdfBase64: Buffer.from('hello').toString('base64'),
    });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json()).toMatchObject({ message: 'The attached report is not a PDF document' });
    const unknownReport = await who.call('POST', '/api/sarm/reports/email', {
      recipient: 'a@clinic.test',
      reportId: 'nope',
    });
    expect(unknownReport.statusCode).toBe(404);
    expect(await rawMailsTo('a@clinic.test')).toEqual([]);
  });
});

describe('report e-mail limits', () => {
  it('refuses a list of recipients with 400 and sends nothing', async () => {
    const who = await generator();
    for (const recipient of [
      'one@clinic.test, two@clinic.test',
      'one@clinic.test;two@clinic.test',
    ]) {
      const response = await who.call('POST', '/api/sarm/reports/email', { recipient });
      expect(response.statusCode, recipient).toBe(400);
      expect(response.json()).toMatchObject({ message: SINGLE_RECIPIENT });
    }
    expect(await rawMailsTo('one@clinic.test')).toEqual([]);
  });

  it('refuses a subject with a line break (no header injection) with 400', async () => {
    const who = await generator();
    const response = await who.call('POST', '/api/sarm/reports/email', {
      recipient: 'inject@clinic.test',
      subject: 'Report\r\nBcc: victim@elsewhere.test',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Subject must not contain control characters',
    });
    expect(await rawMailsTo('inject@clinic.test')).toEqual([]);
  });

  it('sends the message as plain text only, markup included verbatim', async () => {
    const who = await generator();
    const response = await who.call('POST', '/api/sarm/reports/email', {
      recipient: 'text@clinic.test',
      message: '<b>bold</b> <script>alert(1)</script>',
    });
    expect(response.statusCode).toBe(200);
    const [raw] = await rawMailsTo('text@clinic.test');
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).not.toMatch(/text\/html/);
    const [mail] = (await readOutbox(server.outboxDir)).filter((m) => m.to === 'text@clinic.test');
    expect(mail?.text).toContain('<b>bold</b> <script>alert(1)</script>');
  });

  it('answers 429 with Retry-After beyond reportEmailsPerHour and audits each sent e-mail', async () => {
    expect(DEFAULT_SYSTEM_SETTINGS.general.reportEmailsPerHour).toBe(20);
    await server.context.services.settings.update({ general: { reportEmailsPerHour: 3 } }, null);
    try {
      const who = await generator();
      const send = (n: number) =>
        who.call('POST', '/api/sarm/reports/email', {
          recipient: `limit${n}@clinic.test`,
          message: `secret body ${n}`,
        });
      for (const n of [1, 2, 3]) expect((await send(n)).statusCode).toBe(200);
      server.clock.advance(10 * 60 * 1000);

      const refused = await send(4);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(50 * 60));
      expect(refused.json()).toMatchObject({
        message:
          'You can send at most 3 report e-mails per hour. Please try again in 50 minute(s).',
      });
      expect(await rawMailsTo('limit4@clinic.test')).toEqual([]);

      const entries = (await recentAudit(server, 200)).filter(
        (row) => row.userId === who.user.id && row.resourceType === 'report_email',
      );
      expect(entries.map((row) => row.message).sort()).toEqual([
        'Report "Semen analysis report" e-mailed to limit1@clinic.test',
        'Report "Semen analysis report" e-mailed to limit2@clinic.test',
        'Report "Semen analysis report" e-mailed to limit3@clinic.test',
      ]);
      expect(entries.some((row) => row.message.includes('secret body'))).toBe(false);

      // Another user has an allowance of their own.
      const other = await generator();
      const allowed = await other.call('POST', '/api/sarm/reports/email', {
        recipient: 'limit5@clinic.test',
      });
      expect(allowed.statusCode).toBe(200);
    } finally {
      await server.context.services.settings.update({ general: { reportEmailsPerHour: 20 } }, null);
    }
  });

  it('records the saved report id with the recipient', async () => {
    const who = await generator();
    const saved = SavedReportSchema.parse(
      (
        await who.call('POST', '/api/sarm/reports/saved', {
          title: 'Audited report',
          templateId: await defaultTemplateId(who),
          settings,
        })
      ).json(),
    );
    const response = await who.call('POST', '/api/sarm/reports/email', {
      recipient: 'audit@clinic.test',
      reportId: saved.id,
    });
    expect(response.statusCode).toBe(200);
    const entry = (await recentAudit(server, 50)).find(
      (row) => row.message === 'Report "Audited report" e-mailed to audit@clinic.test',
    );
    expect(entry).toMatchObject({ resourceType: 'report_email', resourceId: saved.id });
  });
});
