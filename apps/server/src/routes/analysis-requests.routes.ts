import {
  AnalysisRequestListQuerySchema,
  AnalysisRequestListResponseSchema,
  NO_FRAMES_SELECTED,
  SubmitAnalysisRequestSchema,
  SubmitAnalysisResponseSchema,
  WHOLE_VIDEO_SCOPE_MESSAGE,
  type PermissionRequirement,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Services } from '../context.js';
import { requireAuth } from '../http/route-access.js';
import { FRAME_NOT_OF_VIDEO } from '../services/analysis-requests.service.js';
import { VIEW_ANALYSIS_RESULTS } from '../services/business.service.js';

const tags = ['frames'];
const SUBMIT: readonly PermissionRequirement[] = ['sarm.select_frames'];
const READ: readonly PermissionRequirement[] = [...SUBMIT, ...VIEW_ANALYSIS_RESULTS];

const SUBMIT_DESCRIPTION = [
  'Stores an analysis request for the frames chosen on the frame selection screen and answers 202 with it (`status` `pending`), `scope: "whole_video"` and a `message` saying so.',
  '**The analysis uses the whole video, not the selected frames**: motility needs tracks, which single frames cannot give. The selected frames and notes are kept with the request for review.',
  `The video must be visible to the caller (404 \`Video not found\`); \`frameIds\` must hold at least one frame (400 \`${NO_FRAMES_SELECTED}\`), all of that video (400 \`${FRAME_NOT_OF_VIDEO}\`, \`detail.frameIds\` lists the others). The frames are marked selected; \`notes\` are kept on the request.`,
  'The `video.analyze` task (`taskId`, progress at `GET /tasks/{id}`) sets the request `in-progress`, runs the CASA engine over the whole original video with its dataset settings, reusing a stored analysis made with the same settings, then sets it `completed` with `analysisId`, or `failed` with `error` (after one retry; at once when cancelled). The submitter is notified "Analysis completed" or "Analysis failed" with a link to `/sarm/analysis/{videoId}`. `GET /business/analyses` shows the video `pending`, `in-progress` or `failed` meanwhile.',
].join('\n\n');

/** "Submit for Analysis" of frame selection (spec 1 §2.4 and §4) and its requests. */
export const analysisRequestRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { analysisRequests } = services;

  for (const url of ['/sarm/frames/submit-analysis', '/business/frames/submit-analysis']) {
    app.post(
      url,
      {
        config: { permission: SUBMIT },
        schema: {
          tags,
          summary: 'Submit selected frames of a video for analysis',
          description: SUBMIT_DESCRIPTION,
          body: SubmitAnalysisRequestSchema,
          response: { 202: SubmitAnalysisResponseSchema },
        },
      },
      async (request, reply) => {
        const created = await analysisRequests.submit(requireAuth(request), request.body);
        return reply
          .status(202)
          .send({ request: created, scope: 'whole_video', message: WHOLE_VIDEO_SCOPE_MESSAGE });
      },
    );
  }

  app.get(
    '/sarm/frames/analysis-requests',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: "A video's analysis requests, newest first",
        description:
          '404 `Video not found` when the video is not visible to the caller. `limit` (default 50, at most 500) and `offset` page them; `total` counts them all.',
        querystring: AnalysisRequestListQuerySchema,
        response: { 200: AnalysisRequestListResponseSchema },
      },
    },
    async (request) =>
      analysisRequests.list(requireAuth(request), request.query.video_id, request.query),
  );
  done();
};
