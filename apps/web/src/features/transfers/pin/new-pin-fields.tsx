import { PinField } from './pin-field.tsx';
import type { PinBoxesProps } from './use-pin-form.ts';

/** The new PIN, typed twice. */
export function NewPinFields({ boxes }: { boxes: (field: 'new_pin' | 'new_pin_confirmation') => PinBoxesProps }) {
  return (
    <>
      <PinField label="New PIN" {...boxes('new_pin')} />
      <PinField label="Confirm new PIN" {...boxes('new_pin_confirmation')} />
    </>
  );
}
