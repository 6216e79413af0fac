import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

/** OpenAPI document at `/api/docs/json`, browsable at `/api/docs`, generated from the zod schemas. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'SARM API',
        version: '0.1.0',
        description:
          'Computer-assisted sperm analysis platform. Every failure answers `{statusCode, message, detail?}`; ' +
          'validation failures carry the zod issues in `detail.issues`. Send the access token from ' +
          '`POST /api/sarm/auth/login-user` as `Authorization: Bearer <token>`.',
      },
      servers: [],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: createJsonSchemaTransform({
      skipList: [
        `${DOCS_PREFIX}/`,
        `${DOCS_PREFIX}/*`,
        `${DOCS_PREFIX}/json`,
        `${DOCS_PREFIX}/yaml`,
      ],
    }),
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
}
