import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/utils';

export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-2 py-6 text-sm text-slate-600', className)}>
      <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" />
      <span>{label}...</span>
    </div>
  );
}
