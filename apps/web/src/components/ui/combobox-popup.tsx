import { t } from '@lingui/core/macro';
import * as Popover from '@radix-ui/react-popover';
import { Command } from 'cmdk';
import { Check } from 'lucide-react';
import type { RefObject } from 'react';
import { cn } from '../../lib/utils';
import type { ComboboxOption } from './combobox';

export interface ComboboxPopupProps {
  /** The combobox's own button: the list is placed under it and focus goes back to it on close. */
  anchor: RefObject<HTMLButtonElement | null>;
  listId: string | undefined;
  options: readonly ComboboxOption[];
  value: string | undefined;
  onSelect: (value: string) => void;
  onClose: () => void;
  searchPlaceholder: string;
  loading: boolean;
  emptyText: string;
}

/**
 * The open list of a Combobox: Radix Popover placed against the button, cmdk for search and keys. Loaded the
 * first time a list opens, so pages with pickers do not pay for it on their first paint.
 */
export function ComboboxPopup({ anchor, listId, options, value, onSelect, onClose, searchPlaceholder, loading, emptyText }: ComboboxPopupProps) {
  return (
    <Popover.Root open onOpenChange={(open) => !open && onClose()}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          // A press on the button is the button's own toggle, not an outside click that closes then reopens.
          onInteractOutside={(event) => {
            if (anchor.current?.contains(event.target as Node)) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            anchor.current?.focus();
          }}
          style={{ width: anchor.current?.offsetWidth }}
          className="z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <Command>
            <Command.Input
              placeholder={searchPlaceholder}
              aria-label={searchPlaceholder}
              className="h-9 w-full rounded-sm border-b border-slate-200 px-2 text-base outline-none placeholder:text-slate-400 sm:text-sm"
            />
            <Command.List id={listId} className="max-h-64 overflow-y-auto py-1">
              {loading ? (
                <Command.Loading>
                  <div className="px-2 py-3 text-center text-sm text-slate-500">{t`Searching...`}</div>
                </Command.Loading>
              ) : (
                <Command.Empty className="px-2 py-3 text-center text-sm text-slate-500">{emptyText}</Command.Empty>
              )}
              {options.map((option) => (
                <Command.Item
                  key={option.value}
                  value={option.value}
                  keywords={[option.label]}
                  onSelect={() => onSelect(option.value)}
                  className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm text-slate-800 data-[selected=true]:bg-teal-50 data-[selected=true]:text-teal-900"
                >
                  <Check className={cn('h-4 w-4 shrink-0', option.value === value ? 'opacity-100' : 'opacity-0')} aria-hidden="true" />
                  {option.label}
                </Command.Item>
              ))}
            </Command.List>
          </Command>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
