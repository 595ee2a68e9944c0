import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const inputClasses =
  'h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:border-teal-600 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-500 sm:text-sm';

export const textareaClasses =
  'w-full rounded-md border border-slate-300 px-3 py-2 text-base focus-visible:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none aria-invalid:border-red-500 sm:text-sm';

export function Input({ className, type, ...props }: ComponentProps<'input'>) {
  return <input type={type ?? 'text'} className={cn(inputClasses, className)} {...props} />;
}
