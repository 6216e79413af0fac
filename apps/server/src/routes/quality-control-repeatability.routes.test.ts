import { MotilityReportSchema, ReplicateAgreementSchema } from '@sarm/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoAnalyses } from '../db/schema/index.js';
import { caller } from '../test/admin-helpers.js';
import { seedSimulatedVideos } from '../test/analysis-helpers.js';
import { projectWithMember } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ workers: true });
});
afterAll(async () => {
  await server.close();
});

describe('repeatability of the engine (quality control)', () => {
  it('gives identical numbers when the same video is analysed twice, and replicates agree', async () => {
    const analyst = await caller(server);
    await grantCustomRole(server, analyst.user.id, [
      'sarm.generate_report',
      'sarm.upload_video',
      'sarm.quality_control',
    ]);
    const project = await projectWithMember(server, analyst.user.id, 'Repeatability');
    const dataset = await server.context.repositories.datasets.insert({
      projectId: project.id,
      name: 'Repeat sample',
    });
    const [video] = await seedSimulatedVideos(server, analyst.headers, dataset.id, 1, 7);
    const ids = [video?.id ?? ''];

    const run = async () => {
      const response = await analyst.call('POST', '/api/sarm/calculation/cal-motility', {
        video_ids: ids,
        force_reanalysis: true,
      });
      expect(response.statusCode).toBe(200);
      return MotilityReportSchema.parse(response.json());
    };
    const first = await run();
    const second = await run();
    const [a, b] = [first.video_summaries[0], second.video_summaries[0]];
    // Two engine runs, two stored analyses...
    expect(a?.analysis_id).not.toBe(b?.analysis_id);
    // ...with the same figures to the last digit.
    const figures = (summary: typeof a) => ({ ...summary, analysis_id: '', analyzed_at: '' });
    expect(figures(b)).toEqual(figures(a));
    expect(second.aggregated_results).toEqual(first.aggregated_results);
    const rows = await server.database.db
      .select()
      .from(videoAnalyses)
      .where(eq(videoAnalyses.videoId, ids[0] ?? ''));
    expect(rows).toHaveLength(2);
    expect(rows[1]?.result).toEqual(rows[0]?.result);

    const replicates = await analyst.call('GET', `/api/sarm/qc/replicates/${dataset.id}`);
    expect(ReplicateAgreementSchema.parse(replicates.json()).replicates).toHaveLength(1);
  }, 120_000);
});
