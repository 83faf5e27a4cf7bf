import type { ExtraField } from '@sente/contracts/links';
import { PAYER_TEXT_LIMITS } from '@sente/contracts/text-limits';
import type { ExtraAnswer } from '../form.ts';
import fields from './fields.module.css';
import { Choice, ChoiceGroup, describedBy, FieldError, TextField } from './fields.tsx';

type Props = {
  id: string;
  field: ExtraField;
  value: ExtraAnswer;
  error: string | undefined;
  onChange: (value: ExtraAnswer) => void;
};

/** One of the link's extra inputs, drawn by its type; every one must be answered. */
export function ExtraFieldInput({ id, field, value, error, onChange }: Props) {
  const text = typeof value === 'string' ? value : '';
  const chosen = Array.isArray(value) ? value : [];
  switch (field.type) {
    case 'text':
    case 'multi-text':
      return (
        <TextField
          id={id}
          label={field.label}
          value={text}
          onChange={onChange}
          error={error}
          multiline={field.type === 'multi-text'}
          maxLength={PAYER_TEXT_LIMITS.extraFieldAnswer.max}
        />
      );
    case 'select':
      return (
        <div className={fields.field}>
          <label htmlFor={id} className={fields.label}>
            {field.label}
          </label>
          <select
            id={id}
            name={id}
            value={text}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, null, error)}
          >
            <option value="" disabled>
              Choose…
            </option>
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          <FieldError id={id} error={error} />
        </div>
      );
    case 'radio':
      return (
        <ChoiceGroup id={id} legend={field.label} error={error}>
          {field.options.map((option) => (
            <Choice
              key={option}
              type="radio"
              name={id}
              value={option}
              checked={text === option}
              invalid={!!error}
              onChange={() => onChange(option)}
            >
              {option}
            </Choice>
          ))}
        </ChoiceGroup>
      );
    case 'checkbox':
      return (
        <ChoiceGroup id={id} legend={field.label} error={error} hint="Choose one or more.">
          {field.options.map((option) => (
            <Choice
              key={option}
              type="checkbox"
              name={id}
              value={option}
              checked={chosen.includes(option)}
              invalid={!!error}
              onChange={(checked) => onChange(checked ? [...chosen, option] : chosen.filter((item) => item !== option))}
            >
              {option}
            </Choice>
          ))}
        </ChoiceGroup>
      );
  }
}
