import { AccountMessage, ChangePasswordRequestSchema, type ChangePasswordRequest } from '@lectern/contracts';
import { useState } from 'react';
import { errorMessage } from '@/api/http';
import { FormAlert } from '@/components/auth/auth-form';
import { NewPasswordField } from '@/components/form/new-password-field';
import { SchemaForm } from '@/components/form/schema-form';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useChangePassword } from '@/hooks/use-account';
import { useFocusField } from '@/hooks/use-focus-field';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { toast } from '@/hooks/use-toast';

const CURRENT_PASSWORD_ID = 'change-current-password';

export function ChangePasswordCard({ email }: { email: string }) {
  const form = useSchemaForm(ChangePasswordRequestSchema, {
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const change = useChangePassword();
  const focusField = useFocusField();

  const onValid = (values: ChangePasswordRequest) => {
    setFormError(null);
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        toast({ title: 'Password changed', description: 'Every other device has been signed out.' });
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to change your password. Please try again.');
        if (message === AccountMessage.WrongCurrentPassword) {
          form.setError('currentPassword', { message });
          // Still disabled while the refusal arrives: focused once the form is back.
          focusField(CURRENT_PASSWORD_ID);
        } else setFormError(message);
      },
    });
  };

  return (
    <Card role="region" aria-labelledby="change-password-title">
      <CardHeader>
        <CardTitle id="change-password-title">Change password</CardTitle>
        <CardDescription>Every other device signed in to your account will be signed out.</CardDescription>
      </CardHeader>
      <SchemaForm form={form} onValid={onValid} onInvalid={() => setFormError(null)}>
        <CardContent className="grid gap-4">
          {/* Tells password managers which account the new password belongs to. */}
          <input type="email" autoComplete="username" value={email} readOnly hidden />
          <TextField
            control={form.control}
            name="currentPassword"
            id={CURRENT_PASSWORD_ID}
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            disabled={change.isPending}
          />
          <NewPasswordField
            control={form.control}
            name="newPassword"
            id="change-new-password"
            disabled={change.isPending}
          />
          {formError ? <FormAlert>{formError}</FormAlert> : null}
        </CardContent>
        <CardFooter className="mt-6">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </CardFooter>
      </SchemaForm>
    </Card>
  );
}
