import { ChevronsUpDown } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { lazyModule } from '../../lib/lazy-module';
import { Input } from './input';

/** Flags are static files (build-plugins/country-flags.ts), fetched only for the flags on screen. */
export const FLAG_URL = '/flags/{XX}.svg';

export interface PhoneInputProps {
  id?: string;
  name?: string;
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
}

// The full field (react-phone-number-input, libphonenumber metadata, the country search: ~47 KB gzip)
// loads on first use, not with the page. Every PhoneInput on the page switches to it together.
const phoneField = lazyModule(() => import('./phone-input-field'));

/** Starts loading the full phone field; call it when a form with one is about to be used. */
export const preloadPhoneInput = () => phoneField.load();

/**
 * A mobile number input, +63 (Philippines) by default; the value is E.164 ("+639171234567").
 * Until the full field has loaded this is a read-only stand-in of the same size (nothing typed can be lost in
 * the hand-over); touching it loads the field, which takes over, with the focus if the stand-in still had it.
 * Forms preload it earlier (preloadPhoneInput) so a person normally never meets the stand-in.
 */
export function PhoneInput(props: PhoneInputProps) {
  const module = phoneField.use();
  const box = useRef<HTMLDivElement>(null);
  /** Whether the stand-in had the focus when it was replaced. */
  const hadFocus = useRef(false);
  const [handedOver, setHandedOver] = useState(false);

  // A field with a value (a draft coming back) or asked to take focus is needed at once.
  useEffect(() => {
    if (props.value || props.autoFocus) void preloadPhoneInput();
  }, [props.value, props.autoFocus]);

  useEffect(() => {
    if (!module || handedOver) return;
    hadFocus.current = Boolean(box.current?.contains(document.activeElement));
    setHandedOver(true);
  }, [module, handedOver]);

  // Focus follows only if nothing else took it meanwhile: removing the focused stand-in leaves it on
  // <body>, whereas a person (or a test) who already moved on, e.g. into a picker's list, keeps their place.
  useLayoutEffect(() => {
    if (!handedOver || !hadFocus.current) return;
    hadFocus.current = false;
    if (document.activeElement === null || document.activeElement === document.body) box.current?.querySelector('input')?.focus();
  }, [handedOver]);

  if (module && handedOver) {
    const Field: ComponentType<PhoneInputProps> = module.PhoneInputField;
    return (
      <div ref={box} className="contents">
        <Field {...props} />
      </div>
    );
  }
  return (
    <div ref={box} className="flex items-center gap-2" onPointerEnter={() => void preloadPhoneInput()}>
      <span className="flex h-10 shrink-0 items-center gap-1 rounded-md border border-slate-300 bg-white px-2" aria-hidden="true">
        <span className="flex h-4 w-6 shrink-0 overflow-hidden rounded-sm bg-slate-100">
          <img src={FLAG_URL.replace('{XX}', 'PH')} alt="" width={24} height={16} className="h-full w-full object-cover" />
        </span>
        <ChevronsUpDown className="h-4 w-4 text-slate-500" aria-hidden="true" />
      </span>
      <Input
        id={props.id}
        name={props.name}
        type="tel"
        autoComplete="tel"
        placeholder={props.placeholder ?? '0917 123 4567'}
        disabled={props.disabled}
        autoFocus={props.autoFocus}
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        value={props.value ?? ''}
        readOnly
        aria-busy="true"
        onFocus={() => void preloadPhoneInput()}
      />
    </div>
  );
}
