import * as Popover from '@radix-ui/react-popover';
import { Command } from 'cmdk';
import { Check, ChevronsUpDown } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/utils';
import { inputClasses } from './input';

export interface ComboboxOption {
  value: string;
  label: string;
}

export interface ComboboxProps {
  id?: string;
  options: readonly ComboboxOption[];
  value: string | undefined;
  onChange: (value: string) => void;
  placeholder?: string;
  searchPlaceholder?: string;
  loading?: boolean;
  disabled?: boolean;
  emptyText?: string;
  className?: string;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
}

/** A searchable single-choice list (product.md §2: "Searching...", "No items found."). */
export function Combobox({
  id,
  options,
  value,
  onChange,
  placeholder = 'Select...',
  searchPlaceholder = 'Search...',
  loading = false,
  disabled = false,
  emptyText = 'No items found.',
  className,
  ...aria
}: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const selected = options.find((option) => option.value === value);
  const listId = id ? `${id}-list` : undefined;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          id={id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-controls={open ? listId : undefined}
          disabled={disabled}
          className={cn(inputClasses, 'flex items-center justify-between gap-2 text-left', className)}
          {...aria}
        >
          <span className={cn('truncate', !selected && 'text-slate-400')}>{selected?.label ?? placeholder}</span>
          <ChevronsUpDown className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 w-(--radix-popover-trigger-width) min-w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
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
                  <div className="px-2 py-3 text-center text-sm text-slate-500">Searching...</div>
                </Command.Loading>
              ) : (
                <Command.Empty className="px-2 py-3 text-center text-sm text-slate-500">{emptyText}</Command.Empty>
              )}
              {options.map((option) => (
                <Command.Item
                  key={option.value}
                  value={option.value}
                  keywords={[option.label]}
                  onSelect={() => {
                    onChange(option.value);
                    setOpen(false);
                  }}
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
