import { useId, type ChangeEvent, type ReactNode } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';

/** The props the signed-out screens (and the profile's password card) give their inputs. */
export interface AuthTextFieldProps {
  readonly label: ReactNode;
  readonly value: string;
  readonly onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  readonly name?: string;
  readonly id?: string;
  readonly type?: string;
  readonly autoComplete?: string;
  readonly autoFocus?: boolean;
  readonly required?: boolean;
  readonly fullWidth?: boolean;
  readonly error?: boolean;
  readonly helperText?: ReactNode;
  readonly maxLength?: number;
  readonly endAdornment?: ReactNode;
}

/**
 * An outlined text input with a floating label, built from MUI's input parts rather than
 * TextField: TextField also brings Select, Menu, Popover and Modal into the sign-in page's
 * start-up scripts. The label is tied to the input by id, as TextField does.
 */
export function AuthTextField({
  label,
  value,
  onChange,
  name,
  id,
  type = 'text',
  autoComplete,
  autoFocus,
  required,
  fullWidth,
  error,
  helperText,
  maxLength,
  endAdornment,
}: AuthTextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = helperText === undefined ? undefined : `${inputId}-helper-text`;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} required={required} error={error}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        name={name}
        type={type}
        label={label}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        endAdornment={endAdornment}
        aria-describedby={helperId}
        inputProps={maxLength === undefined ? undefined : { maxLength }}
      />
      {helperText !== undefined && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
