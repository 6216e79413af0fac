import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
} from 'fastify-type-provider-zod';
import type { ServerContext } from './context.js';
import { RequestLogController } from './logging/request-log.js';
import { installCorsPolicy } from './http/cors.js';
import { handleError } from './http/errors.js';
import { recordServerError } from './http/error-audit.js';
import { installNotFoundHandler } from './http/not-found.js';
import { registerOpenApi } from './http/openapi.js';
import { installSecurityHeaders } from './http/security-headers.js';
import {
  enforceAccessDeclarations,
  installAccessHook,
  type DeclaredRoute,
} from './http/route-access.js';
import { installResponseCache } from './http/response-cache.js';
import { serveWebApp } from './http/static-web.js';
import { installValidationMessages } from './http/validation-messages.js';
import { adminProjectRoutes } from './routes/admin-projects.routes.js';
import { adminRoleRoutes } from './routes/admin-roles.routes.js';
import { adminUserRoutes } from './routes/admin-users.routes.js';
import { analysisRequestRoutes } from './routes/analysis-requests.routes.js';
import { analysisRoutes } from './routes/analysis.routes.js';
import { assessmentsRoutes } from './routes/assessments.routes.js';
import { assessmentImagesRoutes } from './routes/assessment-images.routes.js';
import { authRoutes } from './routes/auth.routes.js';
import { businessRoutes } from './routes/business.routes.js';
import { calibrationRoutes } from './routes/calibration.routes.js';
import { datasetRoutes } from './routes/datasets.routes.js';
import { dataLabelRoutes } from './routes/data-labels.routes.js';
import { segmentationRoutes } from './routes/segmentation.routes.js';
import { segmentationModelRoutes } from './routes/segmentation-models.routes.js';
import { labelReviewRoutes } from './routes/label-reviews.routes.js';
import { annotationTransferRoutes } from './routes/annotation-transfer.routes.js';
import { detectionRoutes } from './routes/detection.routes.js';
import { frameRoutes } from './routes/frames.routes.js';
import { mediaRoutes } from './routes/media.routes.js';
import { modelRoutes } from './routes/models.routes.js';
import { trainingRoutes } from './routes/training.routes.js';
import { predictionRoutes } from './routes/predictions.routes.js';
import { videoRoutes } from './routes/videos.routes.js';
import { healthRoutes } from './routes/health.routes.js';
import { notificationRoutes } from './routes/notifications.routes.js';
import { projectDashboardRoutes } from './routes/project-dashboard.routes.js';
import { projectRoutes } from './routes/projects.routes.js';
import { qualityControlRoutes } from './routes/quality-control.routes.js';
import { reportGeneratorRoutes } from './routes/report-generator.routes.js';
import { reportVersionsRoutes } from './routes/report-versions.routes.js';
import { settingsRoutes } from './routes/settings.routes.js';
import { systemLogRoutes } from './routes/system-logs.routes.js';
import { taskRoutes } from './routes/tasks.routes.js';
import { videoAnalysisRoutes } from './routes/video-analysis.routes.js';
import { demoRoutes } from './routes/demo.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every `/api` route with its declared access, for the access test and tooling. */
    declaredRoutes: readonly DeclaredRoute[];
  }
}

export interface AppOptions {
  /** The server logger (requests go to it at `debug`), or `false` for none. */
  readonly logger: FastifyBaseLogger | false;
  /** Built web app to serve outside `/api`; `null` or a folder without index.html serves none. */
  readonly webDistDir: string | null;
  /** Honour `X-Forwarded-For` (behind a reverse proxy) for client addresses. */
  readonly trustProxy?: boolean;
  /** Foreign origins allowed to call the API (`CORS_ORIGINS`); others answer 403. */
  readonly corsOrigins?: readonly string[];
  /** The server's public address, also counted as same-origin (behind a reverse proxy). */
  readonly publicUrl?: string;
}

/** The `/api` routes; each plugin file is one domain. */
const apiRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (api, { context }) => {
  const { services } = context;
  await api.register(healthRoutes);
  await api.register(authRoutes, { services });
  await api.register(settingsRoutes, { services });
  await api.register(notificationRoutes, { services });
  await api.register(projectRoutes, { services });
  await api.register(projectDashboardRoutes, { services });
  await api.register(taskRoutes, { context });
  await api.register(adminUserRoutes, { services });
  await api.register(adminRoleRoutes, { services });
  await api.register(adminProjectRoutes, { services });
  await api.register(systemLogRoutes, { services });
  await api.register(datasetRoutes, { services });
  await api.register(calibrationRoutes, { services });
  await api.register(videoRoutes, { services });
  await api.register(frameRoutes, { services });
  await api.register(mediaRoutes, { context });
  await api.register(analysisRoutes, { services });
  await api.register(reportVersionsRoutes, { services });
  await api.register(assessmentsRoutes, { services });
  await api.register(assessmentImagesRoutes, { services });
  await api.register(analysisRequestRoutes, { services });
  await api.register(videoAnalysisRoutes, { context });
  await api.register(businessRoutes, { services });
  await api.register(detectionRoutes, { context });
  await api.register(dataLabelRoutes, { services });
  await api.register(segmentationRoutes, { context });
  await api.register(segmentationModelRoutes, { context });
  await api.register(labelReviewRoutes, { services });
  await api.register(annotationTransferRoutes, { services });
  await api.register(modelRoutes, { services });
  await api.register(trainingRoutes, { services });
  await api.register(predictionRoutes, { context });
  await api.register(reportGeneratorRoutes, { services });
  await api.register(qualityControlRoutes, { services });
  await api.register(demoRoutes, { services });
};

/**
 * Builds the HTTP application on a server context without listening, so tests can use
 * `app.inject`. All API routes live under `/api`; the web app is served outside it.
 */
export async function buildApp(
  context: ServerContext,
  options: AppOptions,
): Promise<FastifyInstance> {
  installValidationMessages();
  const app = Fastify({
    ...(options.logger === false ? { logger: false } : { loggerInstance: options.logger }),
    logController: new RequestLogController(),
    trustProxy: options.trustProxy ?? false,
  });
  installSecurityHeaders(app);
  installCorsPolicy(app, {
    allowedOrigins: options.corsOrigins ?? [],
    publicUrl: options.publicUrl ?? null,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(async (error, request, reply) => {
    await handleError(error, request, reply);
    if (reply.statusCode >= 500) await recordServerError(context, error, request);
  });

  const declaredRoutes: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declaredRoutes);

  await registerOpenApi(app);
  // Upload routes read files as streams: `request.file({ limits: { fileSize } })` with the current
  // `maxUploadSize` from the system settings (`services.settings.maxUploadBytes()`).
  // Text fields are small (the longest, a description, is DESCRIPTION_MAX characters): 64 KiB
  // each keeps a hostile form from holding megabytes per field in memory.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: await context.services.settings.maxUploadBytes(),
      files: 1,
      fields: 50,
      fieldSize: 64 * 1024,
    },
  });

  await app.register(
    async (api) => {
      enforceAccessDeclarations(api, declaredRoutes);
      // Its onRequest hook comes first, to note where the writes stood before the caller is
      // authenticated; it serves hits in preHandler, after the access hook's checks.
      const { tableVersions } = context.database;
      if (tableVersions !== null) installResponseCache(api, { versions: tableVersions });
      installAccessHook(api, {
        sessions: context.services.sessions,
        currentUser: context.services.currentUser,
        verifyMediaToken: (token) => context.storage.verifyMediaToken(token),
      });
      await api.register(apiRoutes, { context });
    },
    { prefix: '/api' },
  );

  const servesWeb = await serveWebApp(app, options.webDistDir);
  installNotFoundHandler(app, { webDistDir: servesWeb ? options.webDistDir : null });
  return app;
}
