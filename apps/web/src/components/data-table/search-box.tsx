import { t } from '@lingui/core/macro';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Input } from '../ui/input';

const SEARCH_DELAY_MS = 400;

/**
 * The table's search box: sends what was typed once the person pauses (or presses Enter), and shows what
 * the address says when it changes from elsewhere (back button, Clear filters).
 */
export function SearchBox({ value, onSearch, placeholder, label }: { value: string; onSearch: (value: string) => void; placeholder?: string; label: string }) {
  const id = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const send = (next: string) => {
    sent.current = next;
    onSearch(next);
  };

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = setTimeout(() => send(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  });

  return (
    // biome-ignore lint/a11y/useSemanticElements: a search form is the ARIA pattern; <search> would still need this <form> inside
    <form
      role="search"
      aria-label={label}
      className="flex min-w-0 flex-1 flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        send(text.trim());
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t`Search`}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={placeholder}
          className="pl-9"
          maxLength={100}
        />
      </div>
    </form>
  );
}
