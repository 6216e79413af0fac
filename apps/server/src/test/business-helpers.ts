import type { TestServer } from './test-server.js';

const shape = (area: number) => ({
  area_um2: area,
  length_um: 5,
  width_um: 3,
  ellipticity: 5 / 3,
  perimeter_um: 13,
});

/** A dataset with one video (given status) of the project, and optionally a saved analysis. */
export async function seedVideo(
  server: TestServer,
  projectId: string,
  options: { patientId?: string; status?: 'processing' | 'completed'; analysed?: boolean } = {},
) {
  const { datasets, videos, analyses } = server.context.repositories;
  const dataset = await datasets.insert({ projectId, name: 'Batch' });
  const video = await videos.insert({
    datasetId: dataset.id,
    name: 'Sample video',
    fileName: 'original.mp4',
    originalFilename: 'sample.mp4',
    originalKey: 'videos/x/original.mp4',
    patientId: options.patientId ?? null,
    processingStatus: options.status ?? 'completed',
  });
  if (options.analysed !== true) return { dataset, video, analysis: undefined };
  const analysis = await analyses.insert({
    videoId: video.id,
    settings: {},
    result: {
      concentration: { mean_concentration_million_per_ml: 12.5, mean_count_per_frame: 3 },
      motility: {
        total_motility_percent: 55,
        progressive_percent: 30,
        average_velocity: 20,
        track_count: 3,
        motility_distribution: {
          'Rapid Progressive': 20,
          'Slow Progressive': 10,
          'Non Progressive': 25,
          Immotile: 45,
        },
      },
      tracks: [{ morphometry: shape(10) }, { morphometry: shape(14) }, { morphometry: shape(12) }],
    },
  });
  return { dataset, video, analysis };
}
