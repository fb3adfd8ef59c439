import { LoginRequestSchema, type LoginRequest } from '@lectern/contracts';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthForm, AuthSwitch, authFailedToast, toastIfMissingDetails } from '@/components/auth/auth-form';
import { TextField } from '@/components/form/text-field';
import { AuthLayout } from '@/components/layout/auth-layout';
import { useLogin } from '@/hooks/use-auth';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { toast } from '@/hooks/use-toast';
import { ROUTES } from '@/routes';

/** Where a page that sent the visitor here asked to come back to (a path of this app only), else the library. */
function destinationAfterLogin(state: unknown): string {
  const returnTo = (state as { returnTo?: unknown } | null)?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//')
    ? returnTo
    : ROUTES.dashboard;
}

export default function LoginPage() {
  const form = useSchemaForm(LoginRequestSchema, { defaultValues: { email: '', password: '' } });
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();

  const onValid = ({ email, password }: LoginRequest) => {
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          toast({ title: 'Welcome back!', description: "You've successfully logged in." });
          void navigate(destinationAfterLogin(location.state));
        },
        onError: (error) =>
          authFailedToast('Login failed', error, 'Please check your credentials and try again.'),
      },
    );
  };

  const onInvalid = () => {
    const { email, password } = form.getValues();
    toastIfMissingDetails(email, password);
  };

  return (
    <AuthLayout
      title="Welcome back"
      description="Sign in to your Lectern library"
      footer={<AuthSwitch question="Don't have an account?" to={ROUTES.signup} label="Sign up" />}
    >
      <AuthForm
        form={form}
        onValid={onValid}
        onInvalid={onInvalid}
        pending={login.isPending}
        submitLabel="Sign In"
        pendingLabel="Signing in..."
      >
        <TextField
          control={form.control}
          name="email"
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          disabled={login.isPending}
        />
        <TextField
          control={form.control}
          name="password"
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          labelAside={
            <Link
              to={ROUTES.forgotPassword}
              className="rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              Forgot password?
            </Link>
          }
          disabled={login.isPending}
        />
      </AuthForm>
    </AuthLayout>
  );
}
