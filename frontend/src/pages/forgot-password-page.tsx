import { AccountMessage, ForgotPasswordRequestSchema } from '@lectern/contracts';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '@/api/http';
import { AuthField, AuthForm, AuthSwitch, FormAlert } from '@/components/auth/auth-form';
import { AuthLayout } from '@/components/layout/auth-layout';
import { useForgotPassword } from '@/hooks/use-account';
import { useFocusField } from '@/hooks/use-focus-field';
import { fieldErrors, firstErrorInput, type FieldErrors } from '@/lib/form-errors';
import { ROUTES } from '@/routes';

const INPUT_IDS = { email: 'forgot-email' } as const;

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const forgot = useForgotPassword();
  const focusField = useFocusField();

  const onSubmit = () => {
    const invalid = fieldErrors(ForgotPasswordRequestSchema, { email });
    setErrors(invalid ?? {});
    if (invalid) {
      focusField(firstErrorInput(invalid, INPUT_IDS));
      return;
    }
    forgot.mutate({ email: email.trim() });
  };

  const footer = <AuthSwitch question="Remembered it?" to={ROUTES.login} label="Log in" />;

  if (forgot.isSuccess) {
    return (
      <AuthLayout title="Check your email" description="The link is valid for one hour." footer={footer}>
        <div role="status" className="flex flex-col items-center gap-3 text-center">
          <MailCheck aria-hidden className="size-10 text-primary" />
          <p className="text-sm">{AccountMessage.ResetLinkSent}</p>
          <p className="text-sm text-muted-foreground">
            Nothing arrived?{' '}
            <button
              type="button"
              onClick={() => forgot.reset()}
              className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              Try another email
            </button>{' '}
            or look in your spam folder.
          </p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter your account's email and we will send you a link to choose a new one."
      footer={footer}
    >
      <AuthForm
        onSubmit={onSubmit}
        pending={forgot.isPending}
        submitLabel="Send reset link"
        pendingLabel="Sending..."
      >
        <AuthField
          id={INPUT_IDS.email}
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onValueChange={setEmail}
          error={errors.email}
          disabled={forgot.isPending}
        />
        {forgot.isError ? (
          <FormAlert>{errorMessage(forgot.error, 'Failed to send the link. Please try again.')}</FormAlert>
        ) : null}
      </AuthForm>
    </AuthLayout>
  );
}
