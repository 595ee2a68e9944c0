import {
  canUseRowEditAndDuplicate,
  type ApiKeyDto,
  type ApiKeyRevokedReason,
  type ApiKeyScope,
  type ApiKeySource,
  type ApiKeyStatus,
  type AppAbility,
  type RoleName,
} from '@hatid/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { ROW_ACTION_ABILITY } from '../../../components/data-table/row-actions';

/**
 * An API key's row menu. It keeps the spec's "with an update handler" shape (View, Edit, Delete;
 * row-actions.ts), but the server's DELETE revokes: the key stays listed, marked revoked, and bookings made
 * with it still name it. So the delete slot reads "Revoke", as a payment's reads "Void", and needs what the
 * server checks for it (`delete ApiKey`). A revoked key cannot be changed or revoked again: its Edit and
 * Revoke stay in the menu, disabled (as a voided payment's Void). Edit is disabled for ssp, as everywhere.
 */
export type ApiKeyMenuKey = 'view' | 'edit' | 'revoke';

export interface ApiKeyMenuItem {
  key: ApiKeyMenuKey;
  label: string;
  destructive: boolean;
  disabled: boolean;
}

export function apiKeyMenuItems(apiKey: Pick<ApiKeyDto, 'status'>, ability: AppAbility, roles: readonly RoleName[]): ApiKeyMenuItem[] {
  const items: ApiKeyMenuItem[] = [];
  const revoked = apiKey.status === 'revoked';
  if (ability.can(ROW_ACTION_ABILITY.view, 'ApiKey')) items.push({ key: 'view', label: t`View`, destructive: false, disabled: false });
  if (ability.can(ROW_ACTION_ABILITY.edit, 'ApiKey')) {
    items.push({ key: 'edit', label: t`Edit`, destructive: false, disabled: revoked || !canUseRowEditAndDuplicate(roles) });
  }
  if (ability.can(ROW_ACTION_ABILITY.delete, 'ApiKey')) items.push({ key: 'revoke', label: t`Revoke`, destructive: true, disabled: revoked });
  return items;
}

/**
 * Only business admins make keys: a key acts as its maker, for the maker's business. Admins list, change
 * and revoke every key but make none (a key would carry an admin's reach over every shipment; the server
 * refuses it).
 */
export const makesApiKeys = (ability: AppAbility, roles: readonly RoleName[]) => ability.can('create', 'ApiKey') && roles.includes('business_admin');

/** Admins see every business's keys (as the server scopes them), so the list names the business. */
export const seesEveryApiKey = (roles: readonly RoleName[]) => roles.includes('admin') || roles.includes('super_admin');

// A key's status, where its bookings come from, why it was revoked and what its scopes allow, in the reader's
// language (issue 32); the stored values and the scope codes an integration reads stay as they are.
export const API_KEY_STATUS_LABELS: Record<ApiKeyStatus, MessageDescriptor> = { active: msg`Active`, expired: msg`Expired`, revoked: msg`Revoked` };
export const API_KEY_SOURCE_LABELS: Record<ApiKeySource, MessageDescriptor> = { external: msg`Your system`, shopify: msg`Shopify` };
/** Why a key is revoked, short enough for the table's status cell. */
export const API_KEY_REVOKED_REASON_LABELS: Record<ApiKeyRevokedReason, MessageDescriptor> = {
  manual: msg`Revoked by hand`,
  maker_left_business: msg`Maker left the business`,
  maker_deactivated: msg`Maker deactivated`,
  maker_not_business_admin: msg`Maker no longer an admin`,
};
/** The domain's API_KEY_SCOPE_LABELS, as a person reads them. */
export const API_KEY_SCOPE_NAMES: Record<ApiKeyScope, MessageDescriptor> = {
  'shipments:read': msg`Read shipments, tracking and waybills`,
  'shipments:write': msg`Book and cancel shipments`,
};

/** What became of a key's maker (the domain's apiKeyRevokedReasonText), in the reader's language. */
function makerWhy(reason: Exclude<ApiKeyRevokedReason, 'manual'>, maker: string): string {
  switch (reason) {
    case 'maker_left_business':
      return t`${maker}, who made it, left the business`;
    case 'maker_deactivated':
      return t`${maker}, who made it, was deactivated`;
    case 'maker_not_business_admin':
      return t`${maker}, who made it, is no longer a business admin`;
  }
}

/** Why a key is revoked, in full (the View): who made it and what happened to them, or who revoked it. */
export function revokedWhy(apiKey: Pick<ApiKeyDto, 'revokedReason' | 'revokedByName' | 'userName'>): string | null {
  const { revokedReason: reason, revokedByName: by, userName } = apiKey;
  if (!reason) return null;
  if (reason === 'manual') return by ? t`Revoked by ${by}` : t`Revoked by hand`;
  const why = makerWhy(reason, userName);
  return by ? t`${why} (change made by ${by})` : why;
}

/** How a key is told apart in lists and messages: its prefix, never the secret ("htd_ab12cd34…"). */
export const keyPrefixText = (apiKey: Pick<ApiKeyDto, 'prefix'>) => `${apiKey.prefix}…`;
