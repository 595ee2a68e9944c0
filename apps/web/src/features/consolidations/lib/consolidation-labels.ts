import type { ConsolidationStatus, PackageDeconsolidationStatus } from '@hatid/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * A consolidation's status and a package's finding at the destination, in the reader's language (issue 32);
 * the stored values and the domain's English labels (for the manifest and the API) stay as they are.
 */
export const CONSOLIDATION_STATUS_NAMES: Record<ConsolidationStatus, MessageDescriptor> = {
  pending: msg({ message: 'Pending', context: 'consolidation' }),
  consolidated: msg`Consolidated`,
  deconsolidating: msg`Deconsolidating`,
  completed: msg`Completed`,
};

export const PACKAGE_STATUS_NAMES: Record<PackageDeconsolidationStatus, MessageDescriptor> = {
  received: msg`Received`,
  missing: msg`Missing`,
  damaged: msg`Damaged`,
};
