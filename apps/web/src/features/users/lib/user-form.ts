import { mayGoWithoutEmail, needsMobile, type AdminUserDto, type RoleName } from '@hatid/domain';
import { t } from '@lingui/core/macro';
import type { InviteUserValues, UpdateUserValues } from '../api/users';
import type { ServiceArea } from '../components/service-areas-field';

/** The add/update user form as typed (text boxes hold strings; roles are ticked names). */
export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  roles: RoleName[];
  /** A rider's cities and municipalities (sent only while the rider role is ticked). */
  serviceAreas: ServiceArea[];
}

export const USER_FORM_FIELDS = ['firstName', 'lastName', 'email', 'mobileNumber', 'roles', 'serviceAreas'] as const;
export type UserFormField = (typeof USER_FORM_FIELDS)[number];

export const EMPTY_USER_FORM: UserFormValues = { firstName: '', lastName: '', email: '', mobileNumber: '', roles: [], serviceAreas: [] };

export function userFormValuesOf(user: AdminUserDto): UserFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email ?? '',
    mobileNumber: user.mobileNumber ?? '',
    roles: user.roles.map((role) => role.name),
    serviceAreas: user.serviceAreas.map(({ code, name }) => ({ code, name })),
  };
}

/** The API's field name ("body.roles.0", "email") as the form's field, when the form has one. */
export function userFormFieldOf(field: string): UserFormField | undefined {
  const head = field.replace(/^(body|query|params)\./, '').split(/[.[]/)[0];
  if (head === 'serviceAreaCodes') return 'serviceAreas';
  return (USER_FORM_FIELDS as readonly string[]).includes(head ?? '') ? (head as UserFormField) : undefined;
}

const isRider = (roles: readonly RoleName[]) => roles.includes('rider');

/** The invite body: an empty email or mobile number is left out; service areas go with the rider role. */
export function inviteBody(values: UserFormValues): InviteUserValues {
  return {
    ...(values.email.trim() ? { email: values.email.trim() } : {}),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    roles: values.roles,
    ...(values.mobileNumber.trim() ? { mobileNumber: values.mobileNumber.trim() } : {}),
    ...(isRider(values.roles) && values.serviceAreas.length > 0 ? { serviceAreaCodes: values.serviceAreas.map((a) => a.code) } : {}),
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
  const codes = (areas: ServiceArea[]) => areas.map((a) => a.code);
  // Areas are edited while the rider role is ticked; untouched otherwise (taking the role away keeps them for a return).
  if (isRider(values.roles) && !sameRoles(codes(values.serviceAreas), codes(initial.serviceAreas))) patch.serviceAreaCodes = codes(values.serviceAreas);
  return patch;
}

/** Checks the browser can make before sending (the server checks everything again). */
export function checkUserForm(values: UserFormValues, mode: 'add' | 'update'): Partial<Record<UserFormField, string>> {
  const errors: Partial<Record<UserFormField, string>> = {};
  if (!values.firstName.trim()) errors.firstName = t`Enter the first name`;
  if (!values.lastName.trim()) errors.lastName = t`Enter the last name`;
  const email = values.email.trim();
  // Riders sign in with a code to their mobile: a rider-only account may go without an email, never without a number.
  if (mode === 'add' && !email && !mayGoWithoutEmail(values.roles)) errors.email = t`Enter a valid email address`;
  else if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = t`Enter a valid email address`;
  if (needsMobile(values.roles) && !values.mobileNumber.trim()) errors.mobileNumber = t`A rider signs in with a mobile number: enter one`;
  if (values.roles.length === 0) errors.roles = t`Choose at least one role`;
  return errors;
}
