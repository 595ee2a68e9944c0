import { Link, Outlet, useMatches } from '@tanstack/react-router';
import { useDocumentTitle } from './document-title';
import { Header } from './header';

export function RootLayout() {
  useDocumentTitle();
  // Console and rider pages draw their own shell; a console URL refused to a customer stays in this layout.
  const consoleShell = useMatches({ select: (matches) => matches.some((m) => m.staticData.shell !== undefined && m.status !== 'error') });
  if (consoleShell) return <Outlet />;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <Header />
      {/* At least a screen tall: the footer starts below the first screen, so a page that loads late never pushes it down in view (layout shift). */}
      <main id="main" className="mx-auto min-h-svh w-full max-w-5xl flex-1 px-4 py-6 sm:py-10">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 px-4 py-4 text-center text-xs text-slate-500">
        {/* The information pages are public; they sit here so the header stays one line on a 360 px phone. */}
        <nav aria-label="Information" className="mb-2 flex flex-wrap justify-center gap-x-4 gap-y-1">
          <Link to="/rates" className="hover:text-slate-800 hover:underline">
            Rates
          </Link>
          <Link to="/prohibited-items" className="hover:text-slate-800 hover:underline">
            Prohibited items
          </Link>
          <Link to="/terms-and-conditions" className="hover:text-slate-800 hover:underline">
            Terms and conditions
          </Link>
          <Link to="/air-waybill" className="hover:text-slate-800 hover:underline">
            Air waybills
          </Link>
          <Link to="/talk-to-us" className="hover:text-slate-800 hover:underline">
            Talk to us
          </Link>
        </nav>
        Hatid · Parcel delivery across the Philippines
      </footer>
    </div>
  );
}
