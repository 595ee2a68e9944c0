import { Trans, useLingui } from '@lingui/react/macro';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { UserRound, X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { SignOutButton } from '../../features/auth';
import { LanguageSwitch } from './language-switch';
import { NavLinks, type NavItem } from './header';

/**
 * The customer header's drawer below 1280 px (phones, tablets, small laptops): every page link in one column, then who is signed
 * in and Sign out. The console's drawer (console-layout.tsx), over the header's links.
 */
export function HeaderMenu({
  open,
  onOpenChange,
  links,
  userName,
  brand,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  links: readonly NavItem[];
  userName: string;
  brand: ReactNode;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useLingui();
  const close = () => onOpenChange(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50 xl:hidden" />
        <DialogPrimitive.Content
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-white px-3 py-4 shadow-xl focus:outline-none xl:hidden"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          {/* biome-ignore lint/a11y: not a control: it hears the brand link's click (Enter too) bubble up, to close the menu on the way */}
          <div className="flex items-center justify-between px-3" onClick={close}>
            {brand}
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
            <Trans>The pages of your account</Trans>
          </DialogPrimitive.Description>
          <nav aria-label={t`Menu`} className="flex flex-col gap-1">
            <NavLinks items={links} onNavigate={close} className="px-3 py-2.5 text-base" />
          </nav>
          <div className="mt-auto flex flex-col gap-2 border-t border-slate-200 px-3 pt-4">
            {/* The one place a phone shows who is signed in: the whole name, wrapped rather than cut. */}
            <span className="flex min-w-0 items-start gap-1.5 text-sm text-slate-700" data-testid="menu-user-name">
              <UserRound className="mt-0.5 h-4 w-4 text-slate-500" aria-hidden="true" />
              <span className="min-w-0 break-words">{userName}</span>
            </span>
            <LanguageSwitch className="self-start" />
            <div className="-ml-3">
              <SignOutButton showLabel />
            </div>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
