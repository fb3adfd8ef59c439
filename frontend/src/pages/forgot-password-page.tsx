import { AccountMessage, ForgotPasswordRequestSchema, type ForgotPasswordRequest } from '@lectern/contracts';
import { MailCheck } from 'lucide-react';
import { errorMessage } from '@/api/http';
import { AuthForm, AuthSwitch, FormAlert } from '@/components/auth/auth-form';
import { TextField } from '@/components/form/text-field';
import { AuthLayout } from '@/components/layout/auth-layout';
import { useForgotPassword } from '@/hooks/use-account';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { ROUTES } from '@/routes';

export default function ForgotPasswordPage() {
  const form = useSchemaForm(ForgotPasswordRequestSchema, { defaultValues: { email: '' } });
  const forgot = useForgotPassword();

  const onValid = ({ email }: ForgotPasswordRequest) => forgot.mutate({ email: email.trim() });

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
        form={form}
        onValid={onValid}
        pending={forgot.isPending}
        submitLabel="Send reset link"
        pendingLabel="Sending..."
      >
        <TextField
          control={form.control}
          name="email"
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          disabled={forgot.isPending}
        />
        {forgot.isError ? (
          <FormAlert>{errorMessage(forgot.error, 'Failed to send the link. Please try again.')}</FormAlert>
        ) : null}
      </AuthForm>
    </AuthLayout>
  );
}
