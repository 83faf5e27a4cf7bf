import { PinField } from '../../../components/pin-field.tsx';
import type { PinFormErrors, PinFormField } from './pin-form-errors.ts';

type Props = {
  values: { new_pin: string; new_pin_confirmation: string };
  errors: PinFormErrors;
  set: (field: PinFormField) => (value: string) => void;
};

/** The new PIN, typed twice. */
export function NewPinFields({ values, errors, set }: Props) {
  return (
    <>
      <PinField label="New PIN" value={values.new_pin} onChange={set('new_pin')} error={errors.new_pin} />
      <PinField
        label="Confirm new PIN"
        value={values.new_pin_confirmation}
        onChange={set('new_pin_confirmation')}
        error={errors.new_pin_confirmation}
      />
    </>
  );
}
