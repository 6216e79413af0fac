import {
  ChangePasswordRequestSchema,
  CurrentUserSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  OkResponseSchema,
  RefreshSessionRequestSchema,
  RefreshSessionResponseSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  ResetPasswordRequestSchema,
  UpdateProfileRequestSchema,
  UpdateUserSettingsRequestSchema,
  UserSettingsSchema,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Services } from '../context.js';
import { requestOrigin, requireAuth, requireSessionId } from '../http/route-access.js';
import { AUTH_MESSAGES } from '../services/auth.service.js';

const tags = ['auth'];

/** Sign-in, registration, password reset, the current user, profile and personal settings. */
export const authRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { auth, passwordReset, currentUser, profile } = services;

  app.post(
    '/sarm/auth/login-user',
    {
      config: { permission: null },
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        description:
          '401 `Invalid email or password`; 403 `Account is inactive` with `detail.code = ACCOUNT_INACTIVE`; ' +
          '429 with `Retry-After` (seconds) while failed attempts impose a wait: after 5 failures for ' +
          'the account from one address, 20 from one address, or 10 for the account from anywhere, ' +
          'each further failure doubles the wait (up to 15 minutes; 30 seconds for the account alone).',
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request) => auth.login(request.body, requestOrigin(request)),
  );

  // Two paths of the specification for one operation.
  for (const url of ['/sarm/auth/register-user', '/auth/register']) {
    app.post(
      url,
      {
        config: { permission: null },
        schema: {
          tags,
          summary: 'Register a new account',
          description:
            'Self-registered accounts are active but hold no role until an administrator grants one. ' +
            'An address that already has an account gets the same answer; its owner is told by e-mail. ' +
            '403 when registration is disabled, 400 when the password is shorter than the system minimum.',
          body: RegisterRequestSchema,
          response: { 201: RegisterResponseSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await auth.register(request.body, requestOrigin(request))),
    );
  }

  app.get(
    '/sarm/auth/get-me',
    {
      config: { permission: 'authenticated' },
      schema: { tags, summary: 'The signed-in user', response: { 200: CurrentUserSchema } },
    },
    async (request) => currentUser.present(requireAuth(request)),
  );

  app.post(
    '/sarm/auth/logout',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Sign out: ends the session, its access and refresh tokens (audited)',
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => {
      await auth.logout(requireAuth(request), requireSessionId(request), requestOrigin(request));
      return { success: true as const, message: 'Signed out' };
    },
  );

  app.post(
    '/sarm/auth/refresh-token',
    {
      config: { permission: null },
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new access and refresh token',
        description:
          'Each refresh token works once. Presenting one already exchanged ends its session (401). ' +
          'A session ends `refreshTokenMaxAgeDays` after the sign-in however often it is refreshed.',
        body: RefreshSessionRequestSchema,
        response: { 200: RefreshSessionResponseSchema },
      },
    },
    async (request) => auth.refresh(request.body.refresh_token, requestOrigin(request)),
  );

  app.post(
    '/sarm/auth/forgot-password',
    {
      config: { permission: null },
      schema: {
        tags,
        summary: 'Send a password reset link by e-mail',
        description:
          'The link is valid for one hour and works once. The same answer for unknown and deactivated ' +
          'addresses (no mail is sent to them); 429 with `Retry-After` when asked too often.',
        body: ForgotPasswordRequestSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => passwordReset.requestReset(request.body.email, requestOrigin(request)),
  );

  app.post(
    '/sarm/auth/reset-password',
    {
      config: { permission: null },
      schema: {
        tags,
        summary: 'Choose a new password with a reset token',
        body: ResetPasswordRequestSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) =>
      passwordReset.resetPassword(
        request.body.token,
        request.body.password,
        requestOrigin(request),
      ),
  );

  app.put(
    '/sarm/auth/change-password',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Change the password; every other session of the account ends',
        body: ChangePasswordRequestSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => {
      await auth.changePassword(
        requireAuth(request),
        requireSessionId(request),
        request.body,
        requestOrigin(request),
      );
      return { success: true as const, message: AUTH_MESSAGES.passwordChanged };
    },
  );

  app.put(
    '/sarm/auth/profile',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Update the own profile',
        body: UpdateProfileRequestSchema,
        response: { 200: CurrentUserSchema },
      },
    },
    async (request) =>
      profile.updateProfile(requireAuth(request), request.body, requestOrigin(request)),
  );

  app.get(
    '/sarm/auth/settings',
    {
      config: { permission: 'authenticated' },
      schema: { tags, summary: 'Personal settings', response: { 200: UserSettingsSchema } },
    },
    (request) => profile.getSettings(requireAuth(request)),
  );

  app.put(
    '/sarm/auth/settings',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Save personal settings (any subset)',
        body: UpdateUserSettingsRequestSchema,
        response: { 200: UserSettingsSchema },
      },
    },
    async (request) => profile.updateSettings(requireAuth(request), request.body),
  );
  done();
};
