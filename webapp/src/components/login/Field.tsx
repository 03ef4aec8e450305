import type { InputHTMLAttributes, ReactNode } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  name: string;
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  error?: string | null;
  after?: ReactNode; // e.g. a tooltip button beside the label
};

/** A labelled input whose validation message is announced and linked to it. */
export default function Field({ name, label, value, onValue, error, after, ...input }: Props) {
  const id = `field-${name}`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <div className="field-label">
        <label htmlFor={id}>{label}</label>
        {after}
      </div>
      <input
        id={id}
        name={name}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
