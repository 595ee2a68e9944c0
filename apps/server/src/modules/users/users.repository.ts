import { eq, inArray } from 'drizzle-orm';
import type { RoleName, UserDto } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { roles, userRoles, users } from '../../db/schema/index.js';
import type { UserWithRoles } from '../../core/actor.js';

export type UserRow = typeof users.$inferSelect;

export async function loadUserWithRoles(db: DbOrTx, userId: string): Promise<UserWithRoles | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const userRoleRows = await db
    .select({ id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(roles.id);
  return { ...user, roles: userRoleRows };
}

export async function findUserByMobile(db: DbOrTx, mobileNumber: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.mobileNumber, mobileNumber)).limit(1);
  return user ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user ?? null;
}

export async function findUserByAgentCode(db: DbOrTx, agentCode: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.agentCode, agentCode.toUpperCase())).limit(1);
  return user ?? null;
}

export async function assignRoles(db: DbOrTx, userId: string, names: RoleName[]): Promise<void> {
  if (names.length === 0) return;
  const found = await db.select({ id: roles.id }).from(roles).where(inArray(roles.name, names));
  if (found.length !== names.length) throw new Error(`Unknown role among ${names.join(', ')}`);
  await db
    .insert(userRoles)
    .values(found.map((r) => ({ userId, roleId: r.id })))
    .onConflictDoNothing();
}

export async function listRoles(db: DbOrTx): Promise<{ id: number; name: RoleName }[]> {
  return db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(roles.id);
}

/** The fields a user's DTO shows (so a list can read just these columns). */
export type UserDtoFields = Pick<
  UserWithRoles,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'mobileNumber'
  | 'email'
  | 'emailVerifiedAt'
  | 'accountType'
  | 'businessName'
  | 'businessId'
  | 'agentCode'
  | 'usedAgentCode'
  | 'status'
  | 'isEmployee'
  | 'roles'
  | 'createdAt'
>;

export function toUserDto(user: UserDtoFields): UserDto {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    name: `${user.firstName} ${user.lastName}`.trim(),
    mobileNumber: user.mobileNumber,
    email: user.email,
    emailVerified: user.email !== null && user.emailVerifiedAt !== null,
    accountType: user.accountType,
    businessName: user.businessName,
    businessId: user.businessId,
    agentCode: user.agentCode,
    usedAgentCode: user.usedAgentCode,
    status: user.status,
    isEmployee: user.isEmployee,
    roles: user.roles,
    createdAt: user.createdAt.toISOString(),
  };
}
