import { formatCardCvc, formatCardExpiry, formatCardNumber } from '../card.ts';
import type { FormErrors, PayFormValues } from '../form.ts';
import classes from './card-fields.module.css';
import { TextField } from './fields.tsx';

type Props = {
  values: PayFormValues;
  errors: FormErrors;
  onChange: (patch: Partial<PayFormValues>) => void;
};

/** Card number, expiry and security code; sent once with the payment, never stored. */
export function CardFields({ values, errors, onChange }: Props) {
  return (
    <div className={classes.cardFields}>
      <TextField
        id="cardNumber"
        label="Card number"
        value={values.cardNumber}
        onChange={(value) => onChange({ cardNumber: formatCardNumber(value) })}
        error={errors.cardNumber}
        inputMode="numeric"
        autoComplete="cc-number"
      />
      <div className={classes.row}>
        <TextField
          id="cardExpiry"
          label="Expiry (MM/YY)"
          value={values.cardExpiry}
          onChange={(value) => onChange({ cardExpiry: formatCardExpiry(value) })}
          error={errors.cardExpiry}
          inputMode="numeric"
          autoComplete="cc-exp"
        />
        <TextField
          id="cardCvc"
          label="Security code (CVC)"
          value={values.cardCvc}
          onChange={(value) => onChange({ cardCvc: formatCardCvc(value) })}
          error={errors.cardCvc}
          inputMode="numeric"
          autoComplete="cc-csc"
        />
      </div>
    </div>
  );
}
