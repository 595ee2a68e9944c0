import { t } from '@lingui/core/macro';
import { ChevronsUpDown } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
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

const loadPopup = () => import('./combobox-popup');
const ComboboxPopup = lazy(() => loadPopup().then((m) => ({ default: m.ComboboxPopup })));

/**
 * A searchable single-choice list (product.md §2: "Searching...", "No items found."). The closed state is
 * this button alone; the list (Radix Popover + cmdk, ~27 KB gzip) loads when a pointer or focus comes near,
 * so a form full of pickers paints without it.
 */
export function Combobox({
  id,
  options,
  value,
  onChange,
  placeholder,
  searchPlaceholder,
  loading = false,
  disabled = false,
  emptyText,
  className,
  ...aria
}: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const selected = options.find((option) => option.value === value);
  const listId = id ? `${id}-list` : undefined;
  const preload = () => void loadPopup();

  return (
    <>
      <button
        ref={button}
        id={id}
        type="button"
        role="combobox"
        aria-expanded={open}
        aria-haspopup="listbox"
        aria-controls={open ? listId : undefined}
        disabled={disabled}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={cn(inputClasses, 'flex items-center justify-between gap-2 text-left', className)}
        {...aria}
      >
        {/* A long place name is cut to the box; the title (and the open list) show it whole. */}
        <span className={cn('truncate', !selected && 'text-slate-500')} title={selected?.label}>
          {selected?.label ?? placeholder ?? t`Select...`}
        </span>
        <ChevronsUpDown className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ComboboxPopup
            anchor={button}
            listId={listId}
            options={options}
            value={value}
            onSelect={(next) => {
              onChange(next);
              setOpen(false);
            }}
            onClose={() => setOpen(false)}
            searchPlaceholder={searchPlaceholder ?? t`Search...`}
            loading={loading}
            emptyText={emptyText ?? t`No items found.`}
          />
        </Suspense>
      ) : null}
    </>
  );
}
