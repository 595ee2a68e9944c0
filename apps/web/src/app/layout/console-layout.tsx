import { Trans, useLingui } from '@lingui/react/macro';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { getRouteApi, Link, Outlet } from '@tanstack/react-router';
import { Menu, UserRound, X } from 'lucide-react';
import { useState } from 'react';
import { SignOutButton } from '../../features/auth';
import { ConsoleNav } from '../../features/console/components/console-nav';
import { AccessProvider } from '../../lib/ability';
import { roleLabel } from '../../lib/role-labels';
import { NotificationsBell } from './notifications-bell';

const route = getRouteApi('/console');

function Brand() {
  const { t } = useLingui();
  return (
    <Link to="/start" className="flex shrink-0 items-center gap-2 text-lg font-bold text-teal-800" aria-label={t`Hatid console home`}>
      <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />
      Hatid
    </Link>
  );
}

/**
 * The console shell: a sidebar on wide screens, a drawer behind a menu button on phones (360 px), and a
 * header with the person's name and role. Screens render in the outlet with the abilities in context.
 */
export function ConsoleLayout() {
  const { t } = useLingui();
  const { user, access } = route.useRouteContext();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const close = () => setDrawerOpen(false);

  return (
    <AccessProvider access={access}>
      <div className="min-h-screen bg-slate-50 lg:flex">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
        >
          <Trans>Skip to content</Trans>
        </a>
        <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block">
          <div className="sticky top-0 flex h-screen flex-col gap-6 overflow-y-auto px-3 py-4">
            <div className="px-3">
              <Brand />
            </div>
            <ConsoleNav access={access} user={user} />
          </div>
        </aside>

        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 sm:px-6">
            <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
              <DialogPrimitive.Trigger
                className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none lg:hidden"
                aria-label={t`Open menu`}
              >
                <Menu className="h-5 w-5" aria-hidden="true" />
              </DialogPrimitive.Trigger>
              <DialogPrimitive.Portal>
                <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" />
                <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-white px-3 py-4 shadow-xl focus:outline-none lg:hidden">
                  <div className="flex items-center justify-between px-3">
                    <Brand />
                    <DialogPrimitive.Close
                      className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
                      aria-label={t`Close menu`}
                    >
                      <X className="h-5 w-5" aria-hidden="true" />
                    </DialogPrimitive.Close>
                  </div>
                  <DialogPrimitive.Title className="sr-only">
                    <Trans>Menu</Trans>
                  </DialogPrimitive.Title>
                  <DialogPrimitive.Description className="sr-only">
                    <Trans>The console screens you can open</Trans>
                  </DialogPrimitive.Description>
                  <ConsoleNav access={access} user={user} onNavigate={close} />
                  {/* The header has room for only part of a long name on a phone: here it is whole, wrapped. */}
                  <p className="mt-auto flex items-start gap-1.5 border-t border-slate-200 px-3 pt-4 text-sm" data-testid="menu-user-name">
                    <UserRound className="mt-0.5 h-4 w-4 text-slate-500" aria-hidden="true" />
                    <span className="flex min-w-0 flex-col break-words">
                      <span className="font-medium text-slate-900">{user.name}</span>
                      <span className="text-xs text-slate-500">{roleLabel(user)}</span>
                    </span>
                  </p>
                </DialogPrimitive.Content>
              </DialogPrimitive.Portal>
            </DialogPrimitive.Root>
            <div className="lg:hidden">
              <Brand />
            </div>
            <div className="ml-auto flex min-w-0 items-center gap-2">
              <NotificationsBell />
              <div className="flex min-w-0 items-center gap-1.5 text-sm" data-testid="header-user-name">
                <UserRound className="hidden h-4 w-4 shrink-0 text-slate-500 sm:block" aria-hidden="true" />
                <span className="flex min-w-0 flex-col leading-tight">
                  <span className="max-w-[7rem] truncate font-medium text-slate-900 sm:max-w-[16rem]" title={user.name}>
                    {user.name}
                  </span>
                  <span className="max-w-[7rem] truncate text-xs text-slate-500 sm:max-w-[16rem]" data-testid="header-user-role">
                    {roleLabel(user)}
                  </span>
                </span>
              </div>
              <SignOutButton />
            </div>
          </header>
          <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-3 py-5 sm:px-6 sm:py-8">
            <Outlet />
          </main>
        </div>
      </div>
    </AccessProvider>
  );
}
