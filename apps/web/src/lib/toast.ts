/**
 * Toasts, with Sonner loaded on the first one: about 10 KB gzip that a first visit to / or /track never
 * needs (issue 10's first-visit budget). The calls are fire-and-forget, as Sonner's own are; the toaster
 * (LazyToaster) mounts once a toast is asked for and shows the toasts made before it (Sonner replays
 * active toasts to a new subscriber).
 */
type Sonner = typeof import('sonner');
type Toast = Sonner['toast'];

let sonner: Promise<Sonner> | undefined;
const requested = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const notify of requested) notify();
  }
  return sonner;
}

/** For LazyToaster (useSyncExternalStore): told once, when the first toast loads Sonner. */
export const sonnerRequests = {
  subscribe(notify: () => void): () => void {
    requested.add(notify);
    return () => requested.delete(notify);
  },
  requested: (): boolean => sonner !== undefined,
};

const later =
  <K extends 'success' | 'error' | 'info'>(kind: K) =>
  (...args: Parameters<Toast[K]>): void => {
    void loadSonner().then(({ toast: sonnerToast }) => (sonnerToast[kind] as (...a: Parameters<Toast[K]>) => unknown)(...args));
  };

export const toast = {
  success: later('success'),
  error: later('error'),
  info: later('info'),
  /** No toast exists before Sonner has loaded, so there is nothing to dismiss until then. */
  dismiss(id?: string | number): void {
    void sonner?.then(({ toast: sonnerToast }) => sonnerToast.dismiss(id));
  },
};
