import { z } from 'zod';
import {
  agentCodeSchema,
  agentCodeValidity,
  canViewRole,
  dataOf,
  loginWithEmailBody,
  registerCustomerBody,
  registerWithEmailBody,
  roleDto,
  updateMeBody,
  userDto,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { secretCheckLimit } from '../auth/secret-check-limit.js';
import { SESSION_COOKIE, destroySession } from '../auth/session.service.js';
import { listRoles, toUserDto } from './users.repository.js';
import { acceptInvitation, isAgentCodeValid, loginWithEmail, registerCustomer, updateMe } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const user = await registerCustomer(app.db, request.body);
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

  app.post(
    '/logout',
    { schema: { tags: ['users'], summary: 'Sign out (ends this session)', response: { 204: z.null() } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await destroySession(app.db, token);
      reply.endSession();
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me',
    { schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: dataOf(userDto) } } },
    async (request) => ({ data: toUserDto(request.requireActor().user) }),
  );

  app.put(
    '/update/me',
    { schema: { tags: ['users'], summary: 'Change my name or email', body: updateMeBody, response: { 200: dataOf(userDto) } } },
    async (request) => {
      const actor = request.requireActor();
      return { data: toUserDto(await updateMe(app.db, actor.id, request.body)) };
    },
  );

  app.get(
    '/agent-code/validity/:agentCode',
    {
      schema: {
        tags: ['users'],
        summary: 'Whether an agent (referral) code exists',
        params: z.object({ agentCode: agentCodeSchema }),
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
    { schema: { tags: ['users'], summary: 'The roles I may view (ssp: the customer role only)', response: { 200: dataOf(z.array(roleDto)) } } },
    async (request) => {
      const actor = request.authorize('view', 'Role');
      return { data: (await listRoles(app.db)).filter((role) => canViewRole(actor.ability, role.name)) };
    },
  );
};
