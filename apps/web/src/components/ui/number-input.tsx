import { forwardRef, type ComponentProps } from 'react';
import { Input } from './input';

/**
 * A number box for react-hook-form's `register` (product.md §2: minimum 0 unless told otherwise, and the
 * mouse wheel never changes the value). The value stays the typed text, so the form's rules say what is
 * wrong with it in words.
 */
export const NumberInput = forwardRef<HTMLInputElement, Omit<ComponentProps<'input'>, 'type'>>(function NumberInput(
  { min = 0, step = '0.01', inputMode = 'decimal', ...props },
  ref,
) {
  return (
    <Input
      {...props}
      ref={ref}
      type="number"
      inputMode={inputMode}
      min={min}
      step={step}
      // Leaving the field lets the wheel scroll the page instead of stepping the number.
      onWheel={(event) => event.currentTarget.blur()}
    />
  );
});
