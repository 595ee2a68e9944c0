import type { CollectionStatus } from '@hatid/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * A collection's or a billing's status (both move pending → on going → completed, or cancelled), as a person
 * reads it in their language; the stored values stay the spec's. One table for both screens: the billings
 * route loads this area too. "Pending" has a context: a shipment's payment status "Pending" means unpaid.
 * Say one with `i18n._(COLLECTION_STATUS_NAMES[status])`.
 */
export const COLLECTION_STATUS_NAMES: Record<CollectionStatus, MessageDescriptor> = {
  pending: msg({ message: 'Pending', context: 'collection status' }),
  on_going: msg({ message: 'On going', context: 'collection status' }),
  completed: msg({ message: 'Completed', context: 'collection status' }),
  cancelled: msg({ message: 'Cancelled', context: 'collection status' }),
};
