import type { CourierCategory, CourierType } from '@hatid/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * A courier's type and category in the reader's language (issue 32); the stored values and the domain's
 * English labels stay as they are for the API. Say one with `i18n._(COURIER_TYPE_NAMES[type])`.
 */
export const COURIER_TYPE_NAMES: Record<CourierType, MessageDescriptor> = { carrier: msg`Carrier`, partner: msg`Partner` };

export const COURIER_CATEGORY_NAMES: Record<CourierCategory, MessageDescriptor> = {
  air: msg`Air`,
  sea: msg`Sea`,
  land: msg`Land`,
  last_mile: msg`Last mile`,
};
