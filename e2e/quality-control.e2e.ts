import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AgreementResponseSchema,
  ConcentrationReportSchema,
  MotilityReportSchema,
  TaskSchema,
  UploadVideoResponseSchema,
} from '@sarm/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/accounts.js';
import { TestApi } from './support/api.js';
import { launchBrowser, openPage, useSession } from './support/browser.js';
import { okJson, writeSimulatedVideo } from './support/videos.js';

const baseUrl = inject('baseUrl');
const api = new TestApi(baseUrl);
const SHOTS_DIR = process.env.SARM_SHOTS_DIR ?? '/tmp/shots';
const SETTINGS = { chamber_depth_um: 20, dilution_factor: 1, um_per_pixel: 0.5 };
let browser: Browser;
let videoDir: string;
let token = '';

beforeAll(async () => {
  browser = await launchBrowser();
  videoDir = await mkdtemp(path.join(tmpdir(), 'sarm-qc-'));
  token = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).access_token;
});
afterAll(async () => {
  await browser.close();
  await rm(videoDir, { recursive: true, force: true });
});

/** A simulated recording (320x240, 40 frames) with the given number of sperm. */
async function writeVideo(name: string, seed: number, sperm: number): Promise<string> {
  return writeSimulatedVideo(path.join(videoDir, `${name}.mp4`), {
    width: 320,
    height: 240,
    frames: 40,
    sperm,
    seed,
    umPerPixel: SETTINGS.um_per_pixel,
  });
}

async function waitForTask(taskId: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const task = TaskSchema.parse(await api.getJson(`/tasks/${taskId}`, token));
    if (task.status === 'completed') return;
    if (task.status !== 'queued' && task.status !== 'running')
      throw new Error(`task ${taskId} ended ${task.status}`);
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${task.status}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** A sample with one uploaded, prepared and analysed video per entry (report saved). */
async function analysedSample(
  projectId: string,
  name: string,
  videos: readonly { seed: number; sperm: number }[],
) {
  const dataset = (await okJson(
    await api.request(
      'POST',
      '/sarm/dataset/create-dataset',
      { name, projectId, settings: SETTINGS },
      token,
    ),
    201,
  )) as { id: string };
  const ids: string[] = [];
  for (const [index, video] of videos.entries()) {
    const label = `${name.replaceAll(' ', '-')}-${index + 1}`;
    const file = await writeVideo(label, video.seed, video.sperm);
    const form = new FormData();
    form.append('dataset_id', dataset.id);
    form.append('name', label);
    form.append('file', new Blob([await readFile(file)], { type: 'video/mp4' }), `${label}.mp4`);
    const upload = UploadVideoResponseSchema.parse(
      await okJson(
        await fetch(`${baseUrl}/api/sarm/video/upload-video`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
          body: form,
        }),
        201,
      ),
    );
    await waitForTask(upload.task_id);
    ids.push(upload.video.id);
  }
  const body = { video_ids: ids, save_results: true };
  const concentration = ConcentrationReportSchema.parse(
    await okJson(await api.request('POST', '/sarm/calculation/cal-concentration', body, token)),
  );
  const motility = MotilityReportSchema.parse(
    await okJson(await api.request('POST', '/sarm/calculation/cal-motility', body, token)),
  );
  return { id: dataset.id, concentration, motility };
}

describe('quality control', () => {
  it('shows Bland–Altman agreement, a Levey–Jennings chart and replicate agreement on analysed samples', async () => {
    const suffix = Date.now().toString(36);
    const project = (await okJson(
      await api.request('POST', '/admin/projects', { name: `QC lab ${suffix}` }, token),
      201,
    )) as { id: string };

    // Patient samples with manual counts a little off the CASA values.
    const offsets = [
      { conc: 0.9, prog: -3, total: -2 },
      { conc: 1.12, prog: 2, total: 4 },
      { conc: 0.97, prog: -1, total: 1 },
      { conc: 1.05, prog: 4, total: 2 },
    ];
    for (const [index, offset] of offsets.entries()) {
      const sample = await analysedSample(project.id, `Sample ${index + 1}`, [
        { seed: 10 + index, sperm: 8 + index * 5 },
        { seed: 20 + index, sperm: 8 + index * 5 },
      ]);
      const measured = sample.concentration.aggregated_results.mean_concentration_million_per_ml;
      const motility = sample.motility.aggregated_results;
      const progressive = Math.min(100, Math.max(0, motility.progressive_percent + offset.prog));
      await okJson(
        await api.request(
          'POST',
          '/sarm/qc/manual-counts',
          {
            dataset_id: sample.id,
            concentration_million_per_ml: Number((measured * offset.conc).toFixed(1)),
            progressive_pct: progressive,
            total_motility_pct: Math.min(
              100,
              Math.max(progressive, motility.total_motility_percent + offset.total),
            ),
            method: index % 2 === 0 ? 'neubauer' : 'makler',
            counted_by: 'A. Nguyen',
          },
          token,
        ),
        201,
      );
    }

    // QC material: one video per day, the same preparation; the target is the lab's own.
    const material = await analysedSample(
      project.id,
      'QC beads lot 7',
      [11, 11, 12, 11, 10, 11, 14, 11].map((sperm, day) => ({ seed: 40 + day, sperm })),
    );
    const values = material.concentration.video_summaries.map(
      (v) => v.concentration_million_per_ml,
    );
    const target = values.slice(0, 4).reduce((sum, v) => sum + v, 0) / 4;
    await okJson(
      await api.request(
        'POST',
        '/sarm/qc/series',
        {
          dataset_id: material.id,
          name: 'Beads lot 7',
          analyte: 'concentration',
          target_mean: Number(target.toFixed(2)),
          target_sd: Number((target * 0.08).toFixed(2)),
        },
        token,
      ),
      201,
    );

    const agreement = AgreementResponseSchema.parse(
      await api.getJson(`/sarm/qc/agreement?project_id=${project.id}`, token),
    );
    expect(agreement.n).toBe(4);
    expect(agreement.concentration.lower_limit_of_agreement).not.toBeNull();

    const { page, context } = await openPage(browser, baseUrl);
    await useSession(page, token);
    await page.goto(`/sarm/quality-control?project=${project.id}`);
    await page.getByRole('heading', { name: 'Quality control', exact: true }).waitFor();
    await page.getByTestId('bland-altman-plot').waitFor();
    await page.getByTestId('levey-jennings-chart').waitFor();
    await page.getByTestId('replicates-table').waitFor();
    await expect
      .poll(() => page.getByTestId('bland-altman-plot').locator('circle').count())
      .toBe(4);
    await page.waitForTimeout(300);
    await mkdir(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: `${SHOTS_DIR}/quality-control.png`, fullPage: true });
    for (const section of ['agreement-section', 'levey-jennings-section', 'replicates-section'])
      await page.getByTestId(section).screenshot({ path: `${SHOTS_DIR}/qc-${section}.png` });
    await context.close();
  });
});
