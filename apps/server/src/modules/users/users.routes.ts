import type { FastifyRequest } from 'fastify';
import {
  agentCodeParams,
  agentCodeValidity,
  canViewRole,
  dataListOf,
  dataOf,
  emailVerificationBody,
  emailVerificationResendResult,
  emailVerificationResult,
  loginWithEmailBody,
  meDto,
  noContentDto,
  registerCustomerBody,
  registerWithEmailBody,
  roleDto,
  updateMeBody,
  userDto,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readerLanguage } from '../../core/language.js';
import { secretCheckLimit } from '../../core/secret-check-limit.js';
import { SESSION_COOKIE, destroySession } from '../auth/index.js';
import { confirmEmail, pendingEmailOf, resendEmailProof, sendEmailProof, type ProofMailer } from './email-proof.service.js';
import { listRoles, toUserDto } from './users.repository.js';
import { acceptInvitation, isAgentCodeValid, loginWithEmail, registerCustomer, updateMe } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const mailer = (request: FastifyRequest): ProofMailer => ({
    email: app.email,
    publicUrl: app.config.PUBLIC_URL,
    log: request.log,
    language: readerLanguage(request.actor?.user.language, request),
  });

  app.post(
    '/registerCustomer',
    {
      schema: {
        tags: ['users'],
        summary: 'Create a customer account for a number that passed OTP',
        body: registerCustomerBody,
        response: { 201: dataOf(userDto) },
      },
    },
    async (request, reply) => {
      const { user, proof } = await registerCustomer(app.db, request.body);
      if (proof) {
        // The account exists either way; a link that could not go out is sent again from the profile.
        await sendEmailProof(app.email, app.config.PUBLIC_URL, user.firstName, proof, readerLanguage(user.language, request)).catch((error: unknown) =>
          request.log.error({ err: error, userId: user.id }, 'email confirmation link could not be sent'),
        );
      }
      await reply.startSession(user.id);
      reply.status(201);
      return { data: toUserDto(user) };
    },
  );

  app.post(
    '/loginWithEmail',
    {
      schema: { tags: ['users'], summary: 'Staff sign-in with email and password', body: loginWithEmailBody, response: { 200: dataOf(userDto) } },
      config: { rateLimit: secretCheckLimit(10) },
    },
    async (request, reply) => {
      const user = await loginWithEmail(app.db, request.body.email, request.body.password);
      await reply.startSession(user.id);
      return { data: toUserDto(user) };
    },
  );

  app.post(
    '/registerWithEmail',
    {
      schema: { tags: ['users'], summary: 'An invited staff member sets a password', body: registerWithEmailBody, response: { 201: dataOf(userDto) } },
      config: { rateLimit: secretCheckLimit(10) },
    },
    async (request, reply) => {
      const user = await acceptInvitation(app.db, request.body);
      await reply.startSession(user.id);
      reply.status(201);
      return { data: toUserDto(user) };
    },
  );

  app.post('/logout', { schema: { tags: ['users'], summary: 'Sign out (ends this session)', response: { 204: noContentDto } } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await destroySession(app.db, token);
    reply.endSession();
    return reply.status(204).send(null);
  });

  app.get(
    '/me',
    { schema: { tags: ['users'], summary: 'The signed-in user, with the new email waiting for its link (pendingEmail)', response: { 200: dataOf(meDto) } } },
    async (request) => {
      const { user } = request.requireActor();
      return { data: { ...toUserDto(user), pendingEmail: await pendingEmailOf(app.db, user), language: user.language ?? null } };
    },
  );

  app.put(
    '/update/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Change my name or language (at once) or email (once I open the link sent to it: pendingEmail until then)',
        body: updateMeBody,
        response: { 200: dataOf(meDto) },
      },
    },
    async (request) => {
      const actor = request.requireActor();
      const { user, pendingEmail } = await updateMe(app.db, actor.id, request.body, mailer(request));
      return { data: { ...toUserDto(user), pendingEmail, language: user.language ?? null } };
    },
  );

  app.post(
    '/email-verification',
    {
      schema: {
        tags: ['users'],
        summary: "Confirm an email with the token of the link sent to it (works signed out); it becomes the account's email",
        body: emailVerificationBody,
        response: { 200: dataOf(emailVerificationResult) },
      },
      config: { rateLimit: secretCheckLimit(10) },
    },
    async (request) => ({ data: await confirmEmail(app.db, request.body.token) }),
  );

  app.post(
    '/email-verification/resend',
    {
      schema: {
        tags: ['users'],
        summary: 'Send the link again: for the pending email, else for my unconfirmed email (5 links an hour)',
        response: { 200: dataOf(emailVerificationResendResult) },
      },
    },
    async (request) => {
      const actor = request.requireActor();
      return { data: { sentTo: await resendEmailProof(app.db, actor.id, mailer(request)) } };
    },
  );

  app.get(
    '/agent-code/validity/:agentCode',
    {
      schema: {
        tags: ['users'],
        summary: 'Whether an agent (referral) code exists',
        params: agentCodeParams,
        response: { 200: dataOf(agentCodeValidity) },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { agentCode } = request.params;
      return { data: { agentCode, valid: await isAgentCodeValid(app.db, agentCode) } };
    },
  );

  app.get(
    '/roles',
    { schema: { tags: ['users'], summary: 'The roles I may view (ssp: the customer role only)', response: { 200: dataListOf(roleDto) } } },
    async (request) => {
      const actor = request.authorize('view', 'Role');
      return { data: (await listRoles(app.db)).filter((role) => canViewRole(actor.ability, role.name)) };
    },
  );
};
