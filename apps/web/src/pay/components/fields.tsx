import type { HTMLAttributes, ReactNode } from 'react';
import classes from './fields.module.css';

/** The ids of a field's hint and error, joined for aria-describedby (undefined when it has neither). */
export function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return children ? (
    <p id={`${id}-hint`} className={classes.hint}>
      {children}
    </p>
  ) : null;
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className={classes.error}>
      {error}
    </p>
  ) : null;
}

type TextFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error: string | undefined;
  hint?: ReactNode;
  multiline?: boolean;
  type?: 'text' | 'tel' | 'email';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  maxLength?: number;
  prefix?: string;
};

/** A labelled input or textarea with its hint and error beside it (aria-invalid, aria-describedby). */
export function TextField({ id, label, value, onChange, onBlur, error, hint, multiline, prefix, ...input }: TextFieldProps) {
  const shared = {
    id,
    name: id,
    value,
    onBlur,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, error),
  };
  return (
    <div className={classes.field}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <FieldHint id={id}>{hint}</FieldHint>
      {multiline ? (
        <textarea {...shared} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <div className={prefix ? classes.withPrefix : undefined}>
          {prefix && (
            <span className={classes.prefix} aria-hidden="true">
              {prefix}
            </span>
          )}
          <input {...shared} {...input} type={input.type ?? 'text'} onChange={(event) => onChange(event.target.value)} />
        </div>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

type ChoiceGroupProps = {
  id: string;
  legend: string;
  error: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
};

/** A fieldset of radios or checkboxes with one legend, hint and error. */
export function ChoiceGroup({ id, legend, error, hint, children }: ChoiceGroupProps) {
  return (
    <fieldset id={id} className={classes.field} aria-describedby={describedBy(id, hint, error)}>
      <legend className={classes.label}>{legend}</legend>
      <FieldHint id={id}>{hint}</FieldHint>
      <div className={classes.choices}>{children}</div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

type ChoiceProps = {
  type: 'radio' | 'checkbox';
  name: string;
  value: string;
  checked: boolean;
  invalid: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
};

/** One radio or checkbox; the whole row is its label, so the tap target is the row. */
export function Choice({ type, name, value, checked, invalid, onChange, children }: ChoiceProps) {
  return (
    <label className={classes.choice}>
      <input
        type={type}
        name={name}
        value={value}
        checked={checked}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}
