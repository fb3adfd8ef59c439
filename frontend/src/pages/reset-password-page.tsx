import { ResetPasswordRequestSchema } from '@lectern/contracts';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '@/api/http';
import { AuthForm, AuthSwitch, FormAlert } from '@/components/auth/auth-form';
import { NewPasswordField } from '@/components/form/new-password-field';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { useResetPassword } from '@/hooks/use-auth';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { toast } from '@/hooks/use-toast';
import { ROUTES } from '@/routes';

// The token comes from the link, not from a field.
const NewPasswordSchema = ResetPasswordRequestSchema.pick({ password: true });
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
  const form = useSchemaForm(NewPasswordSchema, { defaultValues: { password: '' } });
  const reset = useResetPassword();
  const navigate = useNavigate();

  if (token === '') return <IncompleteLink />;

  const onValid = ({ password }: { password: string }) => {
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
        form={form}
        onValid={onValid}
        pending={reset.isPending}
        submitLabel="Set new password"
        pendingLabel="Saving..."
      >
        <NewPasswordField
          control={form.control}
          name="password"
          id="reset-password"
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
