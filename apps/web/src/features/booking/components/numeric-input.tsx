import type { ComponentProps } from 'react';
import { Input } from '../../../components/ui/input';

/**
 * A number box as the spec wants them (product.md §2): minimum 0 unless told otherwise, and the mouse
 * wheel never changes the value (scrolling past a focused field would otherwise edit a price or weight).
 * The value stays the typed text, so the domain's numeric rules can say what is wrong with it.
 */
export function NumericInput({
  value,
  onValueChange,
  min = 0,
  step = '0.01',
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange'> & { value: string; onValueChange: (value: string) => void }) {
  return (
    <Input
      {...props}
      type="number"
      inputMode="decimal"
      min={min}
      step={step}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      // Leaving the field lets the wheel scroll the page instead of stepping the number.
      onWheel={(event) => event.currentTarget.blur()}
    />
  );
}
