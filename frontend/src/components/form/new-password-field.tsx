import { MIN_PASSWORD_LENGTH } from '@lectern/contracts';
import type { FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from '@/components/form/text-field';

/** The password being chosen (reset, change): the same label, hints and rules wherever it is asked. */
export function NewPasswordField<TValues extends FieldValues>(
  props: Omit<TextFieldProps<TValues>, 'label' | 'type'>,
) {
  return (
    <TextField
      label="New password"
      type="password"
      autoComplete="new-password"
      placeholder={`At least ${MIN_PASSWORD_LENGTH} characters`}
      required
      minLength={MIN_PASSWORD_LENGTH}
      {...props}
    />
  );
}
