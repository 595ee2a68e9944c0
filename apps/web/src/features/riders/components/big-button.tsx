import type { ComponentProps } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';

/**
 * A button for a thumb outdoors: at least 56 px tall, full width, large text (WCAG target size with room). A
 * label longer than one line (Filipino often is, on a 360 px phone) wraps and the button grows, never cut off.
 */
export function BigButton({ className, ...props }: ComponentProps<typeof Button>) {
  return <Button size="lg" className={cn('h-auto min-h-14 w-full py-2 text-center text-lg font-semibold whitespace-normal', className)} {...props} />;
}
