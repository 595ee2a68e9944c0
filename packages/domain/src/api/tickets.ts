import { z } from 'zod';
import { TICKET_STATUSES } from '../catalogue/enums.js';
import { trackingNumberSchema } from '../tracking-number/index.js';
import { MAX_TEXT_LENGTH, VALIDATION_MESSAGES } from '../validation/index.js';
import { pageQuery } from './common.js';

/** Support tickets (api-catalogue "Tickets"; product.md §4 "Ticket lifecycle"; docs/decisions.md "Tickets and reviews"). */

export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const TICKET_SUBJECT_MAX_LENGTH = 150;

export const TICKET_MESSAGES = {
  subjectRequired: 'Enter a subject',
  subjectTooLong: `Subject must be at most ${TICKET_SUBJECT_MAX_LENGTH} characters`,
  messageRequired: 'Tell us what happened',
  shipment: 'Choose one of your shipments',
  nothingToChange: 'Send at least one field to change',
} as const;

export const ticketSubjectSchema = z
  .string({ error: TICKET_MESSAGES.subjectRequired })
  .trim()
  .min(1, TICKET_MESSAGES.subjectRequired)
  .max(TICKET_SUBJECT_MAX_LENGTH, TICKET_MESSAGES.subjectTooLong);

/** The message of a ticket (the `description` column); the spec's maximum text length. */
export const ticketDescriptionSchema = z
  .string({ error: TICKET_MESSAGES.messageRequired })
  .trim()
  .min(1, TICKET_MESSAGES.messageRequired)
  .max(MAX_TEXT_LENGTH, VALIDATION_MESSAGES.maxText);

const shipmentIdSchema = z.uuid(TICKET_MESSAGES.shipment);

/**
 * POST /tickets. The shipment it is about is optional and may be named by id or by tracking number
 * (what a customer has in hand); when both are sent they must be the same shipment.
 */
export const createTicketBody = z.object({
  subject: ticketSubjectSchema,
  description: ticketDescriptionSchema,
  shipmentId: shipmentIdSchema.optional(),
  trackingNumber: trackingNumberSchema.optional(),
});
export type CreateTicketInput = z.input<typeof createTicketBody>;
export type CreateTicketBody = z.output<typeof createTicketBody>;

/**
 * PATCH /tickets/{id}: any subset. `null` unlinks the shipment or the assignee. Who may change what is
 * the server's rule (the creator edits text while the ticket is open and may close it; support staff
 * change status and assignee).
 */
export const updateTicketBody = z
  .object({
    subject: ticketSubjectSchema,
    description: ticketDescriptionSchema,
    shipmentId: shipmentIdSchema.nullable(),
    trackingNumber: trackingNumberSchema.nullable(),
    status: z.enum(TICKET_STATUSES, `Status must be one of: ${TICKET_STATUSES.join(', ')}`),
    assignedToId: z.uuid('Choose a support team member').nullable(),
  })
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), TICKET_MESSAGES.nothingToChange);
export type UpdateTicketInput = z.input<typeof updateTicketBody>;
export type UpdateTicketBody = z.output<typeof updateTicketBody>;

export const ticketListQuery = pageQuery.extend({
  shipmentId: z.uuid('Unknown shipment').optional(),
  status: z.enum(TICKET_STATUSES, `Status must be one of: ${TICKET_STATUSES.join(', ')}`).optional(),
  createdById: z.uuid('Unknown user').optional(),
  assignedToId: z.uuid('Unknown user').optional(),
});
export type TicketListQuery = z.infer<typeof ticketListQuery>;

export const ticketIdParams = z.object({ id: z.uuid('Ticket not found') });

export const ticketDto = z.object({
  id: z.string(),
  subject: z.string(),
  description: z.string().nullable(),
  status: z.enum(TICKET_STATUSES),
  shipmentId: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  createdById: z.string(),
  createdByName: z.string(),
  assignedToId: z.string().nullable(),
  assignedToName: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketDto = z.infer<typeof ticketDto>;

/** What the creator of a ticket (not support staff) may still do with it. */
export function ticketOwnerActions(status: TicketStatus): { edit: boolean; delete: boolean; close: boolean } {
  return { edit: status === 'open', delete: status === 'open', close: status !== 'closed' };
}

// ---- The thread (issue 29 item 8; docs/decisions.md "Ticket threads") ----------------------------------------

export const TICKET_REPLY_MESSAGES = {
  required: 'Write your reply',
  closed: 'This ticket is closed. Open a new ticket if you need more help.',
  notSupport: 'Only the person who opened this ticket and our support team can reply to it',
  ownText: "The subject and message are the customer's own words: reply in the thread instead",
} as const;

/** POST /tickets/{id}/replies: a message in the ticket's thread, by its creator or by support. */
export const ticketReplyBody = z.object({
  message: z.string({ error: TICKET_REPLY_MESSAGES.required }).trim().min(1, TICKET_REPLY_MESSAGES.required).max(MAX_TEXT_LENGTH, VALIDATION_MESSAGES.maxText),
});
export type TicketReplyInput = z.input<typeof ticketReplyBody>;
export type TicketReplyBody = z.output<typeof ticketReplyBody>;

export const TICKET_THREAD_KINDS = ['message', 'status'] as const;

/** One entry of a ticket's thread, oldest first: a message, or a status change ("Teresa Reyes marked this Resolved"). */
export const ticketThreadEntryDto = z.object({
  id: z.string(),
  ticketId: z.string(),
  kind: z.enum(TICKET_THREAD_KINDS),
  authorId: z.string(),
  authorName: z.string(),
  /** Written by the support team (not the ticket's creator): the thread shows it on support's side. */
  fromSupport: z.boolean(),
  message: z.string().nullable(),
  status: z.enum(TICKET_STATUSES).nullable(),
  createdAt: z.string(),
});
export type TicketThreadEntryDto = z.infer<typeof ticketThreadEntryDto>;

/** The line a status change shows in the thread. */
export function ticketStatusChangeText(authorName: string, status: TicketStatus): string {
  return `${authorName} marked this ${TICKET_STATUS_LABELS[status]}`;
}

/** Whether a reply may still be written: until the ticket is closed. */
export const ticketAcceptsReplies = (status: TicketStatus): boolean => status !== 'closed';
