import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { activateLanguage } from '../i18n/catalogues';
import { initialLanguage } from '../i18n/language';
import { translateReason } from '../i18n/server-messages';
import { setErrorTranslator } from '../lib/api-client';
import { App } from './app';
import { appHasStaticFields, handOver } from './landing/hand-over';

/** The longest a static page waits for the app's page before giving way anyway (a redirect, a slow answer). */
const HAND_OVER_TIMEOUT_MS = 10_000;

/**
 * Renders the app. Without a static page to take over, straight into #root as always. Over a static landing
 * page (main.tsx), into a container off the document first: the static page stays, usable, until the app
 * has drawn its own page (every field of the static one is there), then the app takes its place in one
 * step, before the next paint, with what was typed and focused meanwhile. Rendering into #root instead would
 * show the app's loading states over a page that was already complete, and drop the person's caret.
 */
export async function boot(container: HTMLElement, { handOver: fromStatic, isPressing }: { handOver: boolean; isPressing: () => boolean }) {
  // The first render is in the visitor's language: its shell messages load first (a small file, fetched with the app).
  setErrorTranslator(translateReason);
  await activateLanguage(initialLanguage());
  const target = fromStatic ? document.createElement('div') : container;
  const root = createRoot(target);
  // The first render is a transition: React renders it in slices and yields to the browser between them,
  // instead of one long task that a slow phone cannot interrupt (Lighthouse's Total Blocking Time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  if (fromStatic) takeOver(container, target, isPressing);
}

function takeOver(staticRoot: HTMLElement, app: HTMLElement, isPressing: () => boolean) {
  const started = Date.now();
  let done = false;
  const hasPage = () => app.querySelector('#main') !== null && appHasStaticFields(staticRoot, app);
  const swap = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearInterval(timer);
    window.removeEventListener('pointerup', onUp, true);
    window.removeEventListener('pointercancel', onUp, true);
    const focused = document.activeElement;
    for (const { name, value } of [...staticRoot.attributes]) if (name !== 'data-landing') app.setAttribute(name, value);
    staticRoot.replaceWith(app);
    handOver(staticRoot, app, focused && staticRoot.contains(focused) ? focused : null);
  };
  const check = () => {
    // A press that started on the static page ends there: its click (a link, the GET form's button, a
    // radio) does what it says natively. Swapping under the finger would send the click nowhere.
    if (done || isPressing()) return;
    if (hasPage() || Date.now() - started > HAND_OVER_TIMEOUT_MS) swap();
  };
  // The click follows pointerup: check again once it has been dispatched.
  const onUp = () => setTimeout(check, 0);
  window.addEventListener('pointerup', onUp, true);
  window.addEventListener('pointercancel', onUp, true);
  // Mutation callbacks run before the browser paints: the swap never shows a frame of the app's loading
  // states. The interval covers the time-out.
  const observer = new MutationObserver(check);
  observer.observe(app, { childList: true, subtree: true });
  const timer = setInterval(check, 250);
}
