import { t } from '@lingui/core/macro';
import { COPY_CONFIRMATION_MS } from '@hatid/domain';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { Button, type ButtonProps } from './button';

/**
 * Copies `value` to the clipboard; the button reads "Copied" for 2 seconds (product.md §9) and a screen
 * reader hears it through the status line.
 */
export function CopyButton({ value, label, variant = 'secondary' }: { value: string; label: string; variant?: ButtonProps['variant'] }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Clipboard access can be refused (permissions, insecure context): say how to do it by hand.
      toast.error(t`Could not copy. Select the text and copy it instead.`);
      return;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    <>
      <Button variant={variant} size="sm" onClick={copy} aria-label={copied ? t`Copied` : label}>
        {copied ? <Check className="h-4 w-4 text-emerald-600" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
        {copied ? t`Copied` : t`Copy`}
      </Button>
      <span role="status" className="sr-only">
        {copied ? t`Copied to clipboard` : ''}
      </span>
    </>
  );
}
