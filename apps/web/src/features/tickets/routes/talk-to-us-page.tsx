import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { useRealtimeChannel } from '../../../lib/realtime';
import { ticketsQueryKey } from '../api/get-my-tickets';
import { TicketForm } from '../components/ticket-form';
import { TicketList } from '../components/ticket-list';

const route = getRouteApi('/talk-to-us');

/** /talk-to-us: send the support team a message (a ticket), and follow the ones already sent. */
export function TalkToUsPage() {
  const { trackingNumber } = route.useSearch();
  // The guard (requireSignedIn) puts the signed-in user in the route context.
  const { user } = route.useRouteContext();
  const queryClient = useQueryClient();
  // A status change by support arrives as a notification: refresh the list (the event is only a hint).
  useRealtimeChannel(`user:${user.id}`, (event) => {
    if (event.type === 'NOTIFICATION_CREATED' && event.payload.type === 'ticket_updated') {
      void queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>Talk to us</Trans>
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          <Trans>A question about a delivery, a payment or your account? Send us a message and our support team will get back to you.</Trans>
        </p>
      </div>
      <Card aria-labelledby="new-ticket-title" className="flex flex-col gap-4">
        <div>
          <CardTitle id="new-ticket-title">
            <Trans>Open a support ticket</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>If it is about a parcel, choose the shipment so we can look it up right away.</Trans>
          </CardDescription>
        </div>
        <TicketForm trackingNumber={trackingNumber} />
      </Card>
      <section aria-labelledby="my-tickets-title" className="flex flex-col gap-3">
        <h2 id="my-tickets-title" className="text-lg font-semibold text-slate-900">
          <Trans>My tickets</Trans>
        </h2>
        <TicketList />
      </section>
    </div>
  );
}
