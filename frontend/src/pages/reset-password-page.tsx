import { MIN_PASSWORD_LENGTH, ResetPasswordRequestSchema } from '@lectern/contracts';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '@/api/http';
import { AuthField, AuthForm, AuthSwitch, FormAlert } from '@/components/auth/auth-form';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { useResetPassword } from '@/hooks/use-auth';
import { toast } from '@/hooks/use-toast';
import { useFocusField } from '@/hooks/use-focus-field';
import { fieldErrors, firstErrorInput, type FieldErrors } from '@/lib/form-errors';
import { ROUTES } from '@/routes';

const INPUT_IDS = { password: 'reset-password' } as const;
const NewLinkSwitch = () => (
  <AuthSwitch question="Link not working?" to={ROUTES.forgotPassword} label="Ask for a new one" />
);

function IncompleteLink() {
  return (
    <AuthLayout
      title="This link is incomplete"
      description="Open the link from the email again, or ask for a new one."
      footer={<AuthSwitch question="Remembered your password?" to={ROUTES.login} label="Log in" />}
    >
      <Button asChild className="w-full">
        <Link to={ROUTES.forgotPassword}>Ask for a new link</Link>
      </Button>
    </AuthLayout>
  );
}

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'password'>>({});
  const reset = useResetPassword();
  const focusField = useFocusField();
  const navigate = useNavigate();

  if (token === '') return <IncompleteLink />;

  const onSubmit = () => {
    const invalid = fieldErrors(ResetPasswordRequestSchema.pick({ password: true }), { password });
    setErrors(invalid ?? {});
    if (invalid) {
      focusField(firstErrorInput(invalid, INPUT_IDS));
      return;
    }
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast({ title: 'Password changed', description: "You're signed in with your new password." });
          void navigate(ROUTES.dashboard, { replace: true });
        },
      },
    );
  };

  return (
    <AuthLayout
      title="Choose a new password"
      description="Every other device signed in to your account will be signed out."
      footer={<NewLinkSwitch />}
    >
      <AuthForm
        onSubmit={onSubmit}
        pending={reset.isPending}
        submitLabel="Set new password"
        pendingLabel="Saving..."
      >
        <AuthField
          id={INPUT_IDS.password}
          label="New password"
          type="password"
          autoComplete="new-password"
          placeholder={`At least ${MIN_PASSWORD_LENGTH} characters`}
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={password}
          onValueChange={setPassword}
          error={errors.password}
          disabled={reset.isPending}
        />
        {reset.isError ? (
          <FormAlert>
            {errorMessage(reset.error, 'Failed to reset your password. Please try again.')}
          </FormAlert>
        ) : null}
      </AuthForm>
    </AuthLayout>
  );
}
