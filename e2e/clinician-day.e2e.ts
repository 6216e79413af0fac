import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DatasetListResponseSchema,
  FhirReportBundleSchema,
  VersionedStoredReportSchema,
  type VersionedStoredReport,
} from '@sarm/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/accounts.js';
import { TestApi } from './support/api.js';
import { projectMember } from './support/members.js';
import { launchBrowser, openPage, useSession } from './support/browser.js';
import { okJson, writeSimulatedVideo } from './support/videos.js';

/**
 * A clinician's day (issue 15, "Done when"): a lab technician creates the patient and the sample
 * with its volume, uploads the sample's videos linked to the patient and generates the report;
 * the Clinician signs it and downloads the PDF, whose text names the laboratory, the patient, the
 * volume, the total sperm number and the signer; a re-run after sign-off is version 2, amending 1.
 */

const baseUrl = inject('baseUrl');
const api = new TestApi(baseUrl);
const SHOTS_DIR = process.env.SARM_SHOTS_DIR ?? '/tmp/shots';
const PASSWORD = 'Clinic-Day-Passw0rd';
/** The report screen asks for exactly five videos of the sample (WHO_REQUIRED_VIDEO_COUNT). */
const VIDEO_COUNT = 5;
const ANALYSIS_TIMEOUT_MS = 90_000;
const suffix = Date.now().toString(36);
const names = {
  project: `Day ${suffix}`,
  sample: `Day sample ${suffix}`,
  patient: `Marie Curie ${suffix}`,
  laboratory: `Andrology Lab ${suffix}`,
  technician: `Tech ${suffix}`,
  clinician: `Dr Clinician ${suffix}`,
};
const VOLUME_ML = '3.2';

let browser: Browser;
let workDir: string;
let projectId: string;
let adminToken: string;
let technicianToken: string;
let clinicianToken: string;
const contexts: BrowserContext[] = [];

async function writeVideo(index: number): Promise<string> {
  return writeSimulatedVideo(path.join(workDir, `day-${index}.mp4`), {
    width: 160,
    height: 120,
    frames: 40,
    sperm: 10,
    seed: 700 + index,
    umPerPixel: 0.5,
  });
}

/** A project member holding one seeded role; answers their access token. */
async function member(displayName: string, role: string): Promise<string> {
  const options = { adminToken, projectId, displayName, role, password: PASSWORD };
  return (await projectMember(api, options)).token;
}

async function signedIn(token: string): Promise<Page> {
  const opened = await openPage(browser, baseUrl);
  contexts.push(opened.context);
  await useSession(opened.page, token);
  return opened.page;
}

/** Saves the download a click starts and answers the file's path. */
async function download(page: Page, button: string, file: string): Promise<string> {
  const [started] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const target = path.join(workDir, file);
  await started.saveAs(target);
  return target;
}

async function storedReport(datasetId: string, version?: number): Promise<VersionedStoredReport> {
  const query = version === undefined ? '' : `?version=${version}`;
  return VersionedStoredReportSchema.parse(
    await api.getJson(`/sarm/report/get-report/${datasetId}${query}`, clinicianToken),
  );
}

/** Ticks the five videos in the report dialog and runs it (with the amendment's reason if given). */
async function generateReport(page: Page, reason?: string): Promise<void> {
  await page.goto(`/sarm/projects/${projectId}/datasets`);
  const card = page.locator('.MuiCard-root').filter({ hasText: names.sample });
  await card.getByRole('button', { name: 'Generate Report' }).click();
  const dialog = page.getByRole('dialog');
  for (let i = 1; i <= VIDEO_COUNT; i += 1)
    await dialog.getByRole('button', { name: new RegExp(`day-${i}`) }).click();
  await dialog.getByText(`${VIDEO_COUNT} selected`).waitFor();
  if (reason !== undefined) await dialog.getByLabel('Reason for amendment').fill(reason);
  await dialog.getByRole('button', { name: 'Run Analysis' }).click();
  await dialog
    .getByRole('button', { name: 'View Full Report' })
    .waitFor({ timeout: ANALYSIS_TIMEOUT_MS });
  await dialog.getByRole('button', { name: 'Close' }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  workDir = await mkdtemp(path.join(tmpdir(), 'sarm-day-'));
  adminToken = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).access_token;
  projectId = (
    (await okJson(
      await api.request('POST', '/admin/projects', { name: names.project }, adminToken),
      201,
    )) as { id: string }
  ).id;
  technicianToken = await member(names.technician, 'lab_technician');
  clinicianToken = await member(names.clinician, 'clinician');
}, 60_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser.close();
  await rm(workDir, { recursive: true, force: true });
});

describe("a clinician's day", () => {
  it('creates the sample, analyses, signs, prints it with the laboratory header and amends it', async () => {
    // The administrator sets the laboratory identity and logo on the settings screen.
    const admin = await signedIn(adminToken);
    await admin.goto('/admin/settings');
    const logo = await admin.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 120;
      canvas.height = 60;
      const context = canvas.getContext('2d');
      if (context === null) return '';
      context.fillStyle = '#1565c0';
      context.fillRect(0, 0, 120, 60);
      context.fillStyle = '#fff';
      context.font = 'bold 28px sans-serif';
      context.fillText('LAB', 30, 40);
      return canvas.toDataURL('image/png');
    });
    const logoFile = path.join(workDir, 'logo.png');
    await writeFile(logoFile, Buffer.from(logo.split(',')[1] ?? '', 'base64'));
    await admin.getByLabel('Laboratory name').fill(names.laboratory);
    await admin.getByLabel('Address').fill('12 Tran Hung Dao\nHanoi');
    await admin.getByLabel('Phone').fill('+84 24 1234 5678');
    await admin.getByLabel('Accreditation').fill('ISO 15189:2022 no. 42');
    await admin.getByLabel('Choose logo').setInputFiles(logoFile);
    await admin.getByRole('img', { name: 'Laboratory logo' }).waitFor();
    await admin.getByRole('button', { name: 'Save General' }).click();
    await admin.getByText('General settings saved successfully').waitFor();

    // The technician creates the sample with a new patient and the semen volume.
    const tech = await signedIn(technicianToken);
    await tech.goto(`/sarm/projects/${projectId}/datasets`);
    await tech.getByTestId('new-sample').first().click();
    const sampleDialog = tech.getByRole('dialog');
    await sampleDialog.getByLabel('Sample name').fill(names.sample);
    await sampleDialog.getByRole('combobox', { name: 'Patient' }).fill(names.patient);
    await tech.getByRole('option', { name: `Create patient “${names.patient}”` }).click();
    await expect
      .poll(() => sampleDialog.getByRole('combobox', { name: 'Patient' }).inputValue())
      .toBe(names.patient);
    await sampleDialog.getByTestId('sample-collectedAt').locator('input').fill('2026-03-02T08:15');
    await sampleDialog.getByTestId('sample-abstinenceDays').locator('input').fill('3');
    await sampleDialog.getByTestId('sample-minutesToAnalysis').locator('input').fill('35');
    await sampleDialog.getByTestId('sample-semenVolumeMl').locator('input').fill(VOLUME_ML);
    await sampleDialog.getByRole('button', { name: 'Create sample' }).click();
    await sampleDialog.waitFor({ state: 'detached' });
    const card = tech.locator('.MuiCard-root').filter({ hasText: names.sample });
    await card.getByText(`${VOLUME_ML} ml`).waitFor();
    const listed = DatasetListResponseSchema.parse(
      await api.getJson(`/sarm/dataset/get-datasets?project_id=${projectId}`, technicianToken),
    );
    const dataset = listed.datasets.find((candidate) => candidate.name === names.sample);
    if (dataset === undefined) throw new Error('sample not created');
    expect(dataset.settings).toMatchObject({ semen_volume_ml: 3.2, abstinence_days: 3 });

    // The sample's videos, uploaded with the patient picked in the dialog.
    const files: string[] = [];
    for (let i = 1; i <= VIDEO_COUNT; i += 1) files.push(await writeVideo(i));
    await card.getByRole('button', { name: 'Manage Videos' }).click();
    await tech.getByRole('button', { name: 'Upload Videos' }).waitFor();
    await tech.getByTestId('video-file-input').setInputFiles(files);
    const upload = tech.getByRole('dialog');
    await upload.getByRole('combobox', { name: 'Patient' }).fill(names.patient.slice(0, 8));
    await tech.getByRole('option', { name: names.patient, exact: true }).click();
    await upload.getByRole('button', { name: 'Upload' }).click();
    await upload.waitFor({ state: 'detached', timeout: 30_000 });
    await expect
      .poll(() => tech.getByText(`Patient: ${names.patient}`).count(), { timeout: 30_000 })
      .toBe(VIDEO_COUNT);
    await expect
      .poll(
        () =>
          tech
            .locator('.MuiChip-label')
            .filter({ hasText: /^(uploaded|complete)$/ })
            .count(),
        { timeout: 30_000 },
      )
      .toBe(VIDEO_COUNT);

    // Analyse: one run of the report is version 1.
    await generateReport(tech);
    const first = await storedReport(dataset.id);
    expect(first.report_version).toMatchObject({ version: 1, signed: false });
    const total = first.combined_summary.total_sperm_number_million;
    if (total === null || total === undefined) throw new Error('no total sperm number');

    // The Clinician signs, then downloads the PDF and the FHIR export.
    const clinician = await signedIn(clinicianToken);
    await clinician.goto(`/sarm/reports/view/${dataset.id}`);
    await clinician.getByRole('button', { name: 'Sign report' }).click();
    // An electronic signature: the signer's password again.
    await clinician.getByRole('dialog').getByLabel('Password').fill(PASSWORD);
    await clinician.getByRole('dialog').getByRole('button', { name: 'Sign', exact: true }).click();
    await clinician.getByText('Version 1 signed').waitFor();
    await clinician.getByRole('button', { name: 'Download FHIR' }).waitFor();
    await mkdir(SHOTS_DIR, { recursive: true });
    await clinician.screenshot({ path: `${SHOTS_DIR}/clinician-day-signed.png`, fullPage: true });

    // The printed report: the laboratory header appears only on paper, pages are numbered.
    const letterhead = clinician.getByTestId('print-letterhead');
    expect(await letterhead.isVisible()).toBe(false);
    await clinician.emulateMedia({ media: 'print' });
    await letterhead.getByText(names.laboratory).waitFor();
    await clinician.emulateMedia({ media: 'screen' });
    const pageRule = await clinician.evaluate(() =>
      Array.from(document.styleSheets)
        .flatMap((sheet) => Array.from(sheet.cssRules).map((rule) => rule.cssText))
        .find((text) => text.startsWith('@page')),
    );
    expect(pageRule).toContain('counter(pages)');

    const pdfFile = await download(clinician, 'Download PDF', 'signed.pdf');
    await mkdir(SHOTS_DIR, { recursive: true });
    await writeFile(path.join(SHOTS_DIR, 'clinician-day-signed.pdf'), await readFile(pdfFile));
    // jsPDF writes uncompressed streams: each shown text is a plain `(text) Tj` string.
    const pdf = await readFile(pdfFile, 'latin1');
    for (const text of [
      names.laboratory,
      names.patient,
      `${VOLUME_ML} ml`,
      total.toFixed(1),
      names.clinician,
      'Page 1 of ',
      'SARM ',
      'Total sperm number',
    ])
      expect(pdf, text).toContain(`(${text}`);
    expect(pdf).toContain('/Subtype /Image');

    const fhirFile = await download(clinician, 'Download FHIR', 'signed.fhir.json');
    const bundle = FhirReportBundleSchema.parse(JSON.parse(await readFile(fhirFile, 'utf8')));
    const report = bundle.entry.find((entry) => entry.resource.resourceType === 'DiagnosticReport');
    expect(report?.resource).toMatchObject({ status: 'final' });
    const totalObservation = bundle.entry.find(
      ({ resource }) =>
        resource.resourceType === 'Observation' &&
        resource.code.coding[0]?.code === 'total-sperm-number',
    );
    expect(totalObservation?.resource).toMatchObject({ valueQuantity: { value: total } });

    // A run after the sign-off asks for a reason and amends the signed version.
    await generateReport(tech, 'Second reading of the same sample');
    await clinician.reload();
    await clinician.getByText('Amended report: version 2 amends version 1').waitFor();
    await clinician.getByRole('heading', { name: /Amended report/ }).waitFor();
    const second = await storedReport(dataset.id);
    expect(second.report_version).toMatchObject({ version: 2, amends: 1, signed: false });
    const amended = await readFile(await download(clinician, 'Download PDF', 'v2.pdf'), 'latin1');
    expect(amended).toContain('(Amended report: version 2 amends version 1) Tj');
    expect(amended).toContain('(Second reading of the same sample) Tj');
    expect(amended).toContain(`(${names.patient}) Tj`);
  }, 300_000);
});
