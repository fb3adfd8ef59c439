import { AccountMessage, ChangePasswordRequestSchema, MIN_PASSWORD_LENGTH } from '@lectern/contracts';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/api/http';
import { AuthField, FormAlert } from '@/components/auth/auth-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useChangePassword } from '@/hooks/use-account';
import { toast } from '@/hooks/use-toast';
import { useFocusField } from '@/hooks/use-focus-field';
import { fieldErrors, firstErrorInput, type FieldErrors } from '@/lib/form-errors';

type Field = 'currentPassword' | 'newPassword';
const INPUT_IDS: Record<Field, string> = {
  currentPassword: 'change-current-password',
  newPassword: 'change-new-password',
};

export function ChangePasswordCard({ email }: { email: string }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const change = useChangePassword();
  const focusField = useFocusField();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const invalid = fieldErrors(ChangePasswordRequestSchema, { currentPassword, newPassword });
    setErrors(invalid ?? {});
    if (invalid) {
      focusField(firstErrorInput(invalid, INPUT_IDS));
      return;
    }
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setNewPassword('');
          toast({ title: 'Password changed', description: 'Every other device has been signed out.' });
        },
        onError: (error) => {
          const message = errorMessage(error, 'Failed to change your password. Please try again.');
          if (message === AccountMessage.WrongCurrentPassword) {
            setErrors({ currentPassword: message });
            focusField(INPUT_IDS.currentPassword);
          } else setFormError(message);
        },
      },
    );
  };

  return (
    <Card role="region" aria-labelledby="change-password-title">
      <CardHeader>
        <CardTitle id="change-password-title">Change password</CardTitle>
        <CardDescription>Every other device signed in to your account will be signed out.</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={onSubmit}>
        <CardContent className="grid gap-4">
          {/* Tells password managers which account the new password belongs to. */}
          <input type="email" autoComplete="username" value={email} readOnly hidden />
          <AuthField
            id={INPUT_IDS.currentPassword}
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onValueChange={setCurrentPassword}
            error={errors.currentPassword}
            disabled={change.isPending}
          />
          <AuthField
            id={INPUT_IDS.newPassword}
            label="New password"
            type="password"
            autoComplete="new-password"
            placeholder={`At least ${MIN_PASSWORD_LENGTH} characters`}
            required
            minLength={MIN_PASSWORD_LENGTH}
            value={newPassword}
            onValueChange={setNewPassword}
            error={errors.newPassword}
            disabled={change.isPending}
          />
          {formError ? <FormAlert>{formError}</FormAlert> : null}
        </CardContent>
        <CardFooter className="mt-6">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
