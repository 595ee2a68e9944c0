import type { AdminUserDto, RoleName } from '@hatid/domain';
import type { InviteUserValues, UpdateUserValues } from '../api/users';

/** The add/update user form as typed (text boxes hold strings; roles are ticked names). */
export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  roles: RoleName[];
}

export const USER_FORM_FIELDS = ['firstName', 'lastName', 'email', 'mobileNumber', 'roles'] as const;
export type UserFormField = (typeof USER_FORM_FIELDS)[number];

export const EMPTY_USER_FORM: UserFormValues = { firstName: '', lastName: '', email: '', mobileNumber: '', roles: [] };

export function userFormValuesOf(user: AdminUserDto): UserFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email ?? '',
    mobileNumber: user.mobileNumber ?? '',
    roles: user.roles.map((role) => role.name),
  };
}

/** The API's field name ("body.roles.0", "email") as the form's field, when the form has one. */
export function userFormFieldOf(field: string): UserFormField | undefined {
  const head = field.replace(/^(body|query|params)\./, '').split(/[.[]/)[0];
  return (USER_FORM_FIELDS as readonly string[]).includes(head ?? '') ? (head as UserFormField) : undefined;
}

/** The invite body: an empty mobile number is left out. */
export function inviteBody(values: UserFormValues): InviteUserValues {
  return {
    email: values.email.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    roles: values.roles,
    ...(values.mobileNumber.trim() ? { mobileNumber: values.mobileNumber.trim() } : {}),
  };
}

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** PUT /users/{id}: only the fields that changed; an emptied email or mobile number is cleared (null). */
export function updatePatch(initial: UserFormValues, values: UserFormValues): UpdateUserValues {
  const patch: UpdateUserValues = {};
  if (values.firstName.trim() !== initial.firstName) patch.firstName = values.firstName.trim();
  if (values.lastName.trim() !== initial.lastName) patch.lastName = values.lastName.trim();
  if (values.email.trim() !== initial.email) patch.email = values.email.trim() || null;
  if (values.mobileNumber.trim() !== initial.mobileNumber) patch.mobileNumber = values.mobileNumber.trim() || null;
  if (!sameRoles(values.roles, initial.roles)) patch.roles = values.roles;
  return patch;
}

/** Checks the browser can make before sending (the server checks everything again). */
export function checkUserForm(values: UserFormValues, mode: 'add' | 'update'): Partial<Record<UserFormField, string>> {
  const errors: Partial<Record<UserFormField, string>> = {};
  if (!values.firstName.trim()) errors.firstName = 'Enter the first name';
  if (!values.lastName.trim()) errors.lastName = 'Enter the last name';
  const email = values.email.trim();
  if (mode === 'add' && !email) errors.email = 'Enter a valid email address';
  else if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = 'Enter a valid email address';
  if (values.roles.length === 0) errors.roles = 'Choose at least one role';
  return errors;
}
