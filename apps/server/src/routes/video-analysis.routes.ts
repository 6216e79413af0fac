import { VideoAnalysisParamsSchema, VideoAnalysisResponseSchema } from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../context.js';
import { requireAuth } from '../http/route-access.js';
import { VIEW_ANALYSIS_RESULTS } from '../services/business.service.js';
import { createVideoAnalysisService } from '../services/video-analysis.service.js';

const tags = ['analysis'];
const PATHS = ['/sarm/analysis/:videoId', '/business/analysis/:videoId'] as const;

/** The per-video analysis screen: tracks with kinematics over the video (beyond spec). */
export const videoAnalysisRoutes: FastifyPluginCallbackZod<{ context: ServerContext }> = (
  app,
  { context },
  done,
) => {
  const service = createVideoAnalysisService({
    findVisibleVideo: (auth, id) => context.services.clinical.videos.findVisible(auth, id),
    analyses: context.repositories.analyses,
  });

  for (const path of PATHS) {
    app.get(
      path,
      {
        config: { permission: VIEW_ANALYSIS_RESULTS },
        schema: {
          tags,
          summary: 'A video with its newest CASA analysis (tracks and kinematics)',
          description:
            '`analysis` is null when the video was never analysed (run `POST /sarm/calculation/cal-motility`). Track points are `[frame, x, y]` in pixels of the frames the engine decoded at `video.fps`. Unknown videos or videos of other projects: 404.',
          params: VideoAnalysisParamsSchema,
          response: { 200: VideoAnalysisResponseSchema },
        },
      },
      async (request) => service.get(requireAuth(request), request.params.videoId),
    );
  }
  done();
};
