import type { ComponentProps } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';

/** A button for a thumb outdoors: at least 56 px tall, full width, large text (WCAG target size with room). */
export function BigButton({ className, ...props }: ComponentProps<typeof Button>) {
  return <Button size="lg" className={cn('h-14 w-full text-lg font-semibold', className)} {...props} />;
}
