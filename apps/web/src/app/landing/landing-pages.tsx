import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { LanguageSelect } from '../layout/language-select';
import { Card } from '../../components/ui/card';
import { DeliveryTypePicker } from '../../features/booking/components/delivery-type-picker';
import { ServiceTypeField } from '../../features/booking/components/service-type-field';
import { TrackForm } from '../../features/shipments/components/track-form';
import {
  BOOKING_COLUMN_CLASSES,
  BOOKING_GRID_CLASSES,
  NAV_LINK_CLASSES,
  SIGN_IN_LINK_CLASSES,
  SignedOutWelcome,
  TRACK_COLUMN_CLASSES,
  TrackIntro,
} from './landing-intros';

/**
 * The landing HTML of / and /track, rendered at build time only (apps/web/build-plugins/landing-pages.ts)
 * from the components the pages themselves use, so the app draws the same boxes in the same places.
 *
 * `static` pages are for a signed-out first visit (the server picks them: apps/server/src/plugins/web-static.ts)
 * and work before any script has run: the header's links, the booking form's first card (real radios; the
 * rest of the form comes with the app), the whole track form as a plain GET form to /track. main.tsx starts
 * the app on the first interaction there. The other pages start the app at once and only paint early.
 */
const noop = () => undefined;

/** The signed-out header's links, as the app's header draws them once it knows nobody is signed in. */
function SignedOutLinks({ current }: { current?: '/track' }) {
  const { i18n } = useLingui();
  const active = (path: string) => (current === path ? { 'data-status': 'active', 'aria-current': 'page' as const } : {});
  return (
    <div className="ml-auto flex min-w-0 items-center gap-2">
      <LanguageSelect value={i18n.locale === 'fil' ? 'fil' : 'en'} />
      <a href="/track" className={NAV_LINK_CLASSES} {...active('/track')}>
        <Trans>Track</Trans>
      </a>
      <a href="/login" className={buttonClasses('primary', 'sm')}>
        <Trans>Sign in</Trans>
      </a>
    </div>
  );
}

export interface LandingPage {
  /** The document title, as the app sets it for the route (layout/document-title.ts). */
  title: MessageDescriptor;
  /** The page area (inside `<main>`). */
  content: () => ReactNode;
  /** For a static page: the signed-out header's links, after the brand. */
  headerLinks?: () => ReactNode;
}

/** The static shell's own words (index.html): the brand link's name and the page description, per language. */
export const SHELL_TEXTS = {
  brand: msg`Hatid home`,
  description: msg`Hatid: parcel delivery across the Philippines`,
};

export const LANDING_PAGES: Record<'home' | 'track' | 'track-signed-out', LandingPage> = {
  // Signed out only: the greeting and the booking form's first card as the form draws it before anything is
  // chosen (Next Day, Pick up). The pickup day waits for the app (the build cannot know the visitor's day).
  home: {
    title: msg`Book a shipment · Hatid`,
    headerLinks: () => <SignedOutLinks />,
    content: () => (
      <div className={`${BOOKING_GRID_CLASSES} pb-32`}>
        <div className={BOOKING_COLUMN_CLASSES}>
          <SignedOutWelcome
            signIn={
              <a href="/login" className={SIGN_IN_LINK_CLASSES}>
                <Trans>Sign in</Trans>
              </a>
            }
          />
          <form id="booking-form" aria-labelledby="booking-title" className="flex min-w-0 flex-col gap-6">
            <Card className="flex flex-col gap-4">
              <h1 id="booking-title" className="text-xl font-semibold text-slate-900">
                <Trans>Book a shipment</Trans>
              </h1>
              <DeliveryTypePicker value="next_day" onChange={noop} localAreas={undefined} />
              <ServiceTypeField
                value="Pick Up"
                onChange={noop}
                deliveryType="next_day"
                senderProvinceName={undefined}
                hubs={undefined}
                hubsLoading={false}
                hubId=""
                onHubChange={noop}
                hubError={undefined}
              />
            </Card>
          </form>
        </div>
      </div>
    ),
  },
  // A signed-in visitor's /track: the heading and what to do, painted before the app (which starts at once).
  track: {
    title: msg`Track a parcel · Hatid`,
    content: () => (
      <div className={TRACK_COLUMN_CLASSES}>
        <Card>
          <TrackIntro />
        </Card>
      </div>
    ),
  },
  // Signed out: the whole first screen of /track, its form a GET form to /track?trackingNumber=….
  'track-signed-out': {
    title: msg`Track a parcel · Hatid`,
    headerLinks: () => <SignedOutLinks current="/track" />,
    content: () => (
      <div className={TRACK_COLUMN_CLASSES}>
        <Card>
          <TrackIntro />
          <div className="mt-5">
            <TrackForm onTrack={noop} />
          </div>
        </Card>
      </div>
    ),
  },
};
