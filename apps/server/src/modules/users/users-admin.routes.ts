import {
  agentCodeOwnerDto,
  agentCodeParams,
  customerListQuery,
  dataOf,
  errorDto,
  inviteUserBody,
  inviteUserResult,
  roleNameParams,
  transferResult,
  updateUserBody,
  userIdParams,
  userListQuery,
  userOptionPage,
  userOptionsQuery,
  userPage,
  adminUserDto,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trustedJson } from '../../platform/trusted-json.js';
import {
  activateUser,
  agentCodeOwner,
  deactivateUser,
  getUser,
  inviteUser,
  listAccountManagers,
  listTicketAssignees,
  listUsers,
  sendInvitationEmail,
  setEmployee,
  transferSuperAdmin,
  updateUser,
} from './users-admin.service.js';

const tags = ['users'];
const readErrors = { 400: errorDto, 401: errorDto, 403: errorDto };
const oneErrors = { ...readErrors, 404: errorDto };
const writeErrors = { ...oneErrors, 409: errorDto, 422: errorDto };
const userAnswer = dataOf(adminUserDto);

/**
 * The back office's users calls (api-catalogue "Users"; docs/decisions.md "Users in the back office").
 * Who sees whom is users.scope.ts; every change writes the activity log in its own transaction.
 */
export const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const listSchema = (summary: string) => ({ tags, summary, querystring: userListQuery, response: { 200: userPage, ...readErrors } });
  // Pages of users are built by toAdminUserDto, typed against adminUserDto (platform/trusted-json.ts).
  const listRoute = (summary: string) => ({ schema: listSchema(summary), serializerCompiler: trustedJson });

  app.get('/', listRoute('Users I may see, with the filters, the status tab and per-tab counts'), async (request) =>
    app.listReads(() => listUsers(app.db, request.requireActor(), { kind: 'all' }, request.query)),
  );

  app.get(
    '/by-role/:roleName',
    { schema: { ...listSchema('Users holding one role'), params: roleNameParams }, serializerCompiler: trustedJson },
    async (request) => app.listReads(() => listUsers(app.db, request.requireActor(), { kind: 'role', role: request.params.roleName }, request.query)),
  );

  app.get(
    '/customers',
    {
      schema: {
        tags,
        summary: 'Customers (holders of the customer role)',
        querystring: customerListQuery,
        response: { 200: userPage, ...readErrors },
      },
      serializerCompiler: trustedJson,
    },
    async (request) => app.listReads(() => listUsers(app.db, request.requireActor(), { kind: 'customers' }, request.query)),
  );

  app.get('/non-customers', listRoute('Users without the customer role'), async (request) =>
    app.listReads(() => listUsers(app.db, request.requireActor(), { kind: 'non_customers' }, request.query)),
  );

  app.get(
    '/clients',
    listRoute('Clients: customer-side accounts (customers, business admins and members); a sales agent its referred customers'),
    async (request) => app.listReads(() => listUsers(app.db, request.requireActor(), { kind: 'clients' }, request.query)),
  );

  app.get('/employees', listRoute('Users marked as employees'), async (request) =>
    app.listReads(() => listUsers(app.db, request.requireActor(), { kind: 'employees' }, request.query)),
  );

  app.get(
    '/account-managers',
    {
      schema: {
        tags,
        summary: 'Active staff and admins who may look after business accounts (a picker)',
        querystring: userOptionsQuery,
        response: { 200: userOptionPage, ...readErrors },
      },
    },
    async (request) => listAccountManagers(app.db, request.requireActor(), request.query),
  );

  app.get(
    '/assignable-to-tickets',
    {
      schema: {
        tags,
        summary: 'Active support team members a ticket may be assigned to (a picker)',
        querystring: userOptionsQuery,
        response: { 200: userOptionPage, ...readErrors },
      },
    },
    async (request) => listTicketAssignees(app.db, request.requireActor(), request.query),
  );

  app.get(
    '/agent-code/user/:agentCode',
    {
      schema: {
        tags,
        summary: "An agent code's owner: their public name only",
        params: agentCodeParams,
        response: { 200: dataOf(agentCodeOwnerDto), 400: errorDto, 404: errorDto },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => ({ data: await agentCodeOwner(app.db, request.params.agentCode) }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Invite someone by email with roles (an INVITED account; the link is emailed); a rider with no email is active at once',
        body: inviteUserBody,
        response: { 200: inviteUserResult, 201: inviteUserResult, ...writeErrors },
      },
    },
    async (request, reply) => {
      const actor = request.requireActor();
      const invited = await inviteUser(app.db, actor, request.body, { ip: request.ip });
      reply.status(invited.resent ? 200 : 201);
      // A rider added with no email is active at once (they sign in by mobile): there is no link to send.
      if (invited.token === null) return { data: invited.user, invitation: null };
      const emailSent = await sendInvitationEmail(app.email, app.config.PUBLIC_URL, actor, invited, request.log);
      return {
        data: invited.user,
        invitation: { expiresAt: invited.expiresAt.toISOString(), emailSent, resent: invited.resent },
      };
    },
  );

  app.get('/:id', { schema: { tags, summary: 'One user', params: userIdParams, response: { 200: userAnswer, ...oneErrors } } }, async (request) => ({
    data: await getUser(app.db, request.requireActor(), request.params.id),
  }));

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Edit a user: names, email, mobile number, roles, client type, service area',
        params: userIdParams,
        body: updateUserBody,
        response: { 200: userAnswer, ...writeErrors },
      },
    },
    async (request) => ({ data: await updateUser(app.db, request.requireActor(), request.params.id, request.body, { ip: request.ip }) }),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Deactivate a user (status INACTIVE, sessions ended; the account and its history stay)',
        params: userIdParams,
        response: { 200: userAnswer, ...writeErrors },
      },
    },
    async (request) => ({ data: await deactivateUser(app.db, request.requireActor(), request.params.id, { ip: request.ip }) }),
  );

  app.put(
    '/activate/:id',
    { schema: { tags, summary: 'Activate an inactive user', params: userIdParams, response: { 200: userAnswer, ...writeErrors } } },
    async (request) => ({ data: await activateUser(app.db, request.requireActor(), request.params.id, { ip: request.ip }) }),
  );

  app.put(
    '/set-employee/:id',
    { schema: { tags, summary: 'Mark a user as an employee', params: userIdParams, response: { 200: userAnswer, ...writeErrors } } },
    async (request) => ({ data: await setEmployee(app.db, request.requireActor(), request.params.id, true, { ip: request.ip }) }),
  );

  app.put(
    '/unset-employee/:id',
    { schema: { tags, summary: 'Unmark a user as an employee', params: userIdParams, response: { 200: userAnswer, ...writeErrors } } },
    async (request) => ({ data: await setEmployee(app.db, request.requireActor(), request.params.id, false, { ip: request.ip }) }),
  );

  app.put(
    '/transfers/:id',
    {
      schema: {
        tags,
        summary: 'Transfer the super admin rights to this user (the caller stays an admin)',
        params: userIdParams,
        response: { 200: transferResult, ...writeErrors },
      },
    },
    async (request) => ({ data: await transferSuperAdmin(app.db, request.requireActor(), request.params.id, { ip: request.ip }) }),
  );
};
