import { MAX_TEXT_LENGTH, ticketAcceptsReplies, ticketReplyBody, type TicketDto, type TicketThreadEntryDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { textareaClasses } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, fieldErrorMessage, isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { useReplyToTicket, useTicketThread } from '../api/ticket-thread';
import { ticketStatusChangeLabel } from '../lib/status-labels';

/** Whose screen the thread is on: the customer's ("Support team") or support's (the customer's name). */
export type ThreadViewer = 'customer' | 'support';

/**
 * A ticket's conversation, oldest first: the replies of its customer and of support, and the status changes
 * ("Teresa Reyes marked this Resolved"), then a reply box until the ticket is closed.
 */
export function TicketThread({ ticket, viewer }: { ticket: TicketDto; viewer: ThreadViewer }) {
  const { t } = useLingui();
  const thread = useTicketThread(ticket.id);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h3 id={titleId} className="text-sm font-semibold text-slate-900">
        <Trans>Conversation</Trans>
      </h3>
      {thread.isPending ? (
        <Spinner label={t`Loading the conversation`} />
      ) : thread.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-700">
          <span>{errorMessage(thread.error)}</span>
          <Button variant="secondary" size="sm" onClick={() => void thread.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : thread.data.length === 0 ? (
        <p className="text-sm text-slate-600">{viewer === 'customer' ? t`No replies yet. Our support team will answer here.` : t`No replies yet.`}</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label={t`Replies`}>
          {thread.data.map((entry) => (
            <ThreadEntry key={entry.id} entry={entry} viewer={viewer} />
          ))}
        </ol>
      )}
      {ticketAcceptsReplies(ticket.status) ? (
        <ReplyBox ticketId={ticket.id} viewer={viewer} />
      ) : (
        <p className="text-sm text-slate-600">
          {viewer === 'customer' ? t`This ticket is closed. Open a new ticket if you need more help.` : t`This ticket is closed. Reopen it to reply.`}
        </p>
      )}
    </section>
  );
}

function ThreadEntry({ entry, viewer }: { entry: TicketThreadEntryDto; viewer: ThreadViewer }) {
  const { t, i18n } = useLingui();
  const author = entry.authorName;
  const when = (
    <time dateTime={entry.createdAt} className="text-xs text-slate-500">
      {formatDateTime(entry.createdAt)}
    </time>
  );
  if (entry.kind === 'status' && entry.status) {
    return (
      <li className="flex flex-wrap items-center justify-center gap-x-2 text-center text-xs text-slate-600">
        <span className="font-medium">{ticketStatusChangeLabel(i18n, entry.authorName, entry.status)}</span>
        {when}
      </li>
    );
  }
  // The viewer's own side sits on the right, as in a chat.
  const mine = viewer === 'support' ? entry.fromSupport : !entry.fromSupport;
  const who = entry.fromSupport ? (viewer === 'customer' ? t`${author} · Support` : t`${author} (support)`) : author;
  return (
    <li
      className={cn(
        'flex flex-col gap-1 rounded-xl px-3 py-2 text-sm sm:max-w-[85%]',
        mine ? 'self-end bg-teal-50 text-slate-900' : 'self-start bg-slate-100 text-slate-900',
      )}
    >
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold">{who}</span>
        {when}
      </p>
      <p className="break-words whitespace-pre-line">{entry.message}</p>
    </li>
  );
}

/** The reply box: the domain's own check (the server runs the same), the server's refusal under the box. */
export function ReplyBox({ ticketId, viewer }: { ticketId: string; viewer: ThreadViewer }) {
  const { t } = useLingui();
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useReplyToTicket(ticketId);
  const boxId = useId();
  const problemId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ticketReplyBody.safeParse({ message });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]!.message);
      return;
    }
    setProblem(null);
    try {
      await send.mutateAsync(parsed.data);
      setMessage('');
    } catch (error) {
      const detail = isApiError(error) ? error.details?.find((d) => d.field.endsWith('message')) : undefined;
      setProblem(detail ? fieldErrorMessage(detail) : errorMessage(error));
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-2" noValidate>
      <label htmlFor={boxId} className="text-sm font-medium text-slate-800">
        {viewer === 'customer' ? t`Reply to our support team` : t`Reply to the customer`}
      </label>
      <textarea
        id={boxId}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        rows={3}
        maxLength={MAX_TEXT_LENGTH}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        className={textareaClasses}
      />
      {problem ? (
        <p id={problemId} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" size="sm" loading={send.isPending}>
          <Send className="h-4 w-4" aria-hidden="true" /> <Trans>Send reply</Trans>
        </Button>
      </div>
    </form>
  );
}
