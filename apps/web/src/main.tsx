import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/** Whether a finger or button is down right now (a static page must not be swapped away under a press). */
let pressing = false;

// The app (React, the router and every page's route) is its own chunk: this entry decides when it runs.
const start = (handOver: boolean) => void import('./app/boot').then(({ boot }) => boot(container, { handOver, isPressing: () => pressing }));

/** What starts the app on a static landing page: the first sign that the person is about to use the page. */
const FIRST_INTERACTION = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

/** A booking draft kept in this tab (sessionStorage) belongs on the form at once, not an empty form. */
const hasBookingDraft = () => {
  try {
    return sessionStorage.getItem('hatid.booking-draft') !== null;
  } catch {
    return false;
  }
};

// A signed-out first visit to / or /track gets a static page that already works (data-landing="static":
// real links, radios, the track form as a plain GET form; apps/web/build-plugins/landing-pages.ts). Running
// the app's scripts there costs a slow phone a second or more of a blocked page for nothing on screen, so
// the scripts only download (modulepreload) and run on the first interaction; the app then takes the
// static page's place with everything typed or chosen on it (app/landing/hand-over.ts). An address with a
// query (/track?trackingNumber=…, /?deliveryType=…) or a draft to show needs the app's answer: start at once.
if (container.dataset.landing !== 'static') {
  start(false);
} else if (location.search !== '' || hasBookingDraft()) {
  start(true);
} else {
  const options = { capture: true, passive: true } as const;
  window.addEventListener('pointerdown', () => (pressing = true), options);
  for (const type of ['pointerup', 'pointercancel']) window.addEventListener(type, () => (pressing = false), options);
  const onFirst = () => {
    for (const type of FIRST_INTERACTION) window.removeEventListener(type, onFirst, options);
    start(true);
  };
  for (const type of FIRST_INTERACTION) window.addEventListener(type, onFirst, options);
}
