import { HARD_SAMPLE_PARAMS } from '@sarm/casa';
import { ConcentrationReportSchema } from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../test/admin-helpers.js';
import {
  seedSimulatedVideos,
  simulatedTruth,
  type SimulatedShape,
} from '../test/analysis-helpers.js';
import { projectWithMember } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
let analyst: Awaited<ReturnType<typeof caller>>;

beforeAll(async () => {
  server = await createTestServer({ workers: true });
  analyst = await caller(server);
  await grantCustomRole(server, analyst.user.id, ['sarm.generate_report', 'sarm.upload_video']);
}, 60_000);
afterAll(async () => {
  await server.close();
});

/**
 * A whole camera frame of 35 heads, a second and a half at 50 fps, under the generator's hard
 * imaging (noise, uneven light, blur, defocused heads, debris, drift).
 */
const field = (umPerPixel: number): SimulatedShape => ({
  width: 640,
  height: 480,
  frames: 75,
  fps: 50,
  sperm: 35,
  debris: 90,
  umPerPixel,
  imaging: HARD_SAMPLE_PARAMS,
});

// A 10x objective (1.0 to 1.5 µm per pixel): heads 3 to 5 pixels long. Through the clinic API a
// 1.0 µm/px sample of 35 heads once came out 13.8 % above its true concentration. Seeds 9601 and
// 9602 were never used to tune the engine. (At 1.5 µm/px, heads 3 x 2 pixels, H.264 at crf 18
// loses a tenth of them: see ARCHITECTURE.md, low magnification.)
describe.each([1.0, 1.2])('a %s µm/px sample (10x objective) through the clinic API', (scale) => {
  it('reports the concentration within 5 % of what the generator drew', async () => {
    const project = await projectWithMember(server, analyst.user.id);
    const dataset = await server.context.repositories.datasets.insert({
      projectId: project.id,
      name: `Sample at ${scale} um/px`,
      settings: { chamber_depth_um: 20, dilution_factor: 1, um_per_pixel: scale },
    });
    const shape = field(scale);
    const videos = await seedSimulatedVideos(server, analyst.headers, dataset.id, 2, 9601, shape);
    const response = await analyst.call('POST', '/api/sarm/calculation/cal-concentration', {
      video_ids: videos.map((v) => v.id),
    });
    expect(response.statusCode).toBe(200);
    const report = ConcentrationReportSchema.parse(response.json());
    expect(report.errors).toEqual([]);
    expect(report.analysis_parameters.micron_per_pixel).toBe(scale);
    const truths = [9601, 9602].map((seed) => simulatedTruth(seed, shape));
    expect(truths.every((t) => t.depth_um === 20 && t.dilution === 1)).toBe(true);
    const truth =
      truths.reduce((sum, t) => sum + t.expected.concentration_million_per_ml, 0) / truths.length;
    const measured = report.aggregated_results.mean_concentration_million_per_ml;
    expect(Math.abs(measured / truth - 1)).toBeLessThan(0.05);
  }, 120_000);
});
