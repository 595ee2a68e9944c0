import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { CardDescription } from '../../components/ui/card';

/**
 * What a first visit to / and /track paints before any script has run. The build renders these same
 * components into the landing HTML (apps/web/build-plugins/landing-pages.ts), and the pages render them
 * again once React runs: the largest text of the page is on screen with the HTML (Largest Contentful Paint
 * on a slow phone), and when React's copy replaces it, it is the same text in the same place, so nothing
 * moves. e2e/landing-pages.spec.ts checks that the two agree. The build's pages are in landing-pages.tsx.
 */

/** The header's text links (Track); the app's header and the static landing pages draw them alike. */
export const NAV_LINK_CLASSES =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 data-[status=active]:bg-teal-50 data-[status=active]:text-teal-800';

/** The sign-in link's look, shared by the router's Link (in the app) and a plain anchor (in the HTML). */
export const SIGN_IN_LINK_CLASSES = 'font-medium text-teal-800 underline-offset-4 hover:underline';

/** The home page's greeting for someone not signed in; `signIn` is the link to /login. */
export function SignedOutWelcome({ signIn }: { signIn: ReactNode }) {
  return (
    <section aria-labelledby="welcome-title" className="flex flex-col gap-1">
      <h2 id="welcome-title" className="text-lg font-semibold text-slate-900">
        <Trans>Send parcels anywhere in the Philippines</Trans>
      </h2>
      <p className="text-sm text-slate-600">
        <Trans>See the price as you go. You sign in with your mobile number only when you place the order.</Trans> {signIn}
      </p>
    </section>
  );
}

/** The booking form's outer frame (the booking form uses these classes; the landing HTML reuses them). */
export const BOOKING_GRID_CLASSES = 'grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start';
export const BOOKING_COLUMN_CLASSES = 'flex min-w-0 flex-col gap-6';

/** /track's heading and what to do. */
export function TrackIntro() {
  return (
    <>
      <h1 className="text-lg font-semibold text-slate-900">
        <Trans>Track a shipment</Trans>
      </h1>
      <CardDescription className="mt-1">
        <Trans>Enter the tracking number on the waybill to see where the parcel is.</Trans>
      </CardDescription>
    </>
  );
}

export const TRACK_COLUMN_CLASSES = 'mx-auto flex max-w-3xl flex-col gap-6';
