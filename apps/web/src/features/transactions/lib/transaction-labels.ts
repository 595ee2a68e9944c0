import type { TransactionListFilter, TransactionStatus } from '@hatid/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A payment's status in the reader's language (issue 32); the stored values stay the spec's. */
export const TRANSACTION_STATUS_NAMES: Record<TransactionStatus, MessageDescriptor> = { valid: msg`Valid`, voided: msg`Voided` };

/** The desk's two tabs (the spec's toggle), as the domain's TRANSACTION_LIST_FILTER_LABELS words them. */
export const TRANSACTION_TAB_NAMES: Record<TransactionListFilter, MessageDescriptor> = {
  all: msg`View All Transactions`,
  no_transactions: msg`Show shipments without transactions`,
};
