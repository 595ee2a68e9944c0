import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useMatches } from '@tanstack/react-router';
import { meQueryOptions } from '../../features/auth';
import { useDocumentTitle } from './document-title';
import { Header } from './header';
import { LanguageSwitch, useAccountLanguage } from './language-switch';

export function RootLayout() {
  useDocumentTitle();
  useAccountLanguage();
  const { t } = useLingui();
  const signedIn = Boolean(useQuery(meQueryOptions()).data);
  // Console and rider pages draw their own shell; a console URL refused to a customer stays in this layout.
  const consoleShell = useMatches({ select: (matches) => matches.some((m) => m.staticData.shell !== undefined && m.status !== 'error') });
  if (consoleShell) return <Outlet />;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        <Trans>Skip to content</Trans>
      </a>
      <Header />
      {/* At least a screen tall: the footer starts below the first screen, so a page that loads late never pushes it down in view (layout shift). */}
      <main id="main" className="mx-auto min-h-svh w-full max-w-5xl flex-1 px-4 py-6 sm:py-10">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 px-4 py-4 text-center text-xs text-slate-500">
        {/* The information pages are public; they sit here so the header stays one line on a 360 px phone. */}
        <nav aria-label={t`Information`} className="mb-2 flex flex-wrap justify-center gap-x-4 gap-y-1">
          <Link to="/rates" className="hover:text-slate-800 hover:underline">
            <Trans>Rates</Trans>
          </Link>
          <Link to="/prohibited-items" className="hover:text-slate-800 hover:underline">
            <Trans>Prohibited items</Trans>
          </Link>
          <Link to="/terms-and-conditions" className="hover:text-slate-800 hover:underline">
            <Trans>Terms and conditions</Trans>
          </Link>
          <Link to="/air-waybill" className="hover:text-slate-800 hover:underline">
            <Trans>Air waybills</Trans>
          </Link>
          <Link to="/talk-to-us" className="hover:text-slate-800 hover:underline">
            <Trans>Talk to us</Trans>
          </Link>
        </nav>
        {/* Signed in on a wide screen the header has no room for it (below xl it is in the menu drawer). */}
        {signedIn ? <LanguageSwitch className="mb-2 hidden w-fit xl:mx-auto xl:flex" /> : null}
        <Trans>Hatid · Parcel delivery across the Philippines</Trans>
      </footer>
    </div>
  );
}
