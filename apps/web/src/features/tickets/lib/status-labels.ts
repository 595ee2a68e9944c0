import type { TicketStatus } from '@hatid/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A ticket's status in the reader's language (issue 32); the stored values stay the spec's. */
export const TICKET_STATUS_NAMES: Record<TicketStatus, MessageDescriptor> = {
  open: msg`Open`,
  in_progress: msg`In progress`,
  resolved: msg`Resolved`,
  closed: msg`Closed`,
};

/** "Teresa Reyes marked this Resolved" (the domain's ticketStatusChangeText), in the reader's language. */
export function ticketStatusChangeLabel(i18n: I18n, authorName: string, status: TicketStatus): string {
  const name = i18n._(TICKET_STATUS_NAMES[status]);
  return i18n._(msg`${authorName} marked this ${name}`);
}
