import { AccountMessage, DeleteAccountRequestSchema, type DeleteAccountRequest } from '@lectern/contracts';
import { useState } from 'react';
import { errorMessage } from '@/api/http';
import { FormAlert } from '@/components/auth/auth-form';
import { SchemaForm } from '@/components/form/schema-form';
import { TextField } from '@/components/form/text-field';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useDeleteAccount } from '@/hooks/use-account';
import { useFocusField } from '@/hooks/use-focus-field';
import { useSchemaForm } from '@/hooks/use-schema-form';

const PASSWORD_ID = 'delete-account-password';

function DeleteAccountForm({
  email,
  remove,
}: {
  email: string;
  remove: ReturnType<typeof useDeleteAccount>;
}) {
  const form = useSchemaForm(DeleteAccountRequestSchema, { defaultValues: { password: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const focusField = useFocusField();

  const onValid = ({ password }: DeleteAccountRequest) => {
    setFormError(null);
    remove.mutate(
      { password },
      {
        onError: (error) => {
          const message = errorMessage(error, 'Failed to delete your account. Please try again.');
          if (message === AccountMessage.WrongPassword) {
            form.setError('password', { message });
            // Still disabled while the refusal arrives: focused once the form is back.
            focusField(PASSWORD_ID);
          } else setFormError(message);
        },
      },
    );
  };

  return (
    <SchemaForm form={form} onValid={onValid} onInvalid={() => setFormError(null)} className="grid gap-4">
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <TextField
        control={form.control}
        name="password"
        id={PASSWORD_ID}
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        disabled={remove.isPending}
      />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <AlertDialogFooter>
        <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
        <Button type="submit" variant="destructive" disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete my account'}
        </Button>
      </AlertDialogFooter>
    </SchemaForm>
  );
}

export function DeleteAccountCard({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  return (
    <Card role="region" aria-labelledby="delete-account-title" className="border-destructive/60">
      <CardHeader>
        <CardTitle id="delete-account-title">Delete account</CardTitle>
        <CardDescription>Leaving Lectern? Download your data first if you want to keep it.</CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        Deleting your account removes your library and everything in it, cancels any Pro subscription at once
        and signs you out everywhere. It cannot be undone.
      </CardContent>
      <CardFooter>
        <AlertDialog
          open={open}
          onOpenChange={(next) => {
            // Stays open while the deletion runs: its outcome is shown here.
            if (!remove.isPending) setOpen(next);
          }}
        >
          <AlertDialogTrigger asChild>
            <Button variant="destructive">Delete account</Button>
          </AlertDialogTrigger>
          <AlertDialogContent
            onOpenAutoFocus={(event) => {
              // Straight to the password: nothing happens until it is typed and confirmed.
              event.preventDefault();
              document.getElementById(PASSWORD_ID)?.focus();
            }}
          >
            <AlertDialogHeader>
              <AlertDialogTitle>Delete your account?</AlertDialogTitle>
              <AlertDialogDescription>
                This cannot be undone. Your library, transcripts, highlights, notes and AI content will be
                deleted, any Pro subscription cancelled now, and every device signed out. Enter your password
                to confirm.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <DeleteAccountForm email={email} remove={remove} />
          </AlertDialogContent>
        </AlertDialog>
      </CardFooter>
    </Card>
  );
}
