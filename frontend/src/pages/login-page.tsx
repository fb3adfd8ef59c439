import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  AuthField,
  AuthForm,
  AuthSwitch,
  authFailedToast,
  checkEmailAndPassword,
} from '@/components/auth/auth-form';
import { AuthLayout } from '@/components/layout/auth-layout';
import { useLogin } from '@/hooks/use-auth';
import { toast } from '@/hooks/use-toast';
import { ROUTES } from '@/routes';

export default function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();
  const navigate = useNavigate();

  const onSubmit = () => {
    if (!checkEmailAndPassword(email, password)) return;
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          toast({ title: 'Welcome back!', description: "You've successfully logged in." });
          void navigate(ROUTES.dashboard);
        },
        onError: (error) =>
          authFailedToast('Login failed', error, 'Please check your credentials and try again.'),
      },
    );
  };

  return (
    <AuthLayout
      title="Welcome back"
      description="Sign in to your Lectern library"
      footer={<AuthSwitch question="Don't have an account?" to={ROUTES.signup} label="Sign up" />}
    >
      <AuthForm
        onSubmit={onSubmit}
        pending={login.isPending}
        submitLabel="Sign In"
        pendingLabel="Signing in..."
      >
        <AuthField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onValueChange={setEmail}
          disabled={login.isPending}
        />
        <AuthField
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
          value={password}
          onValueChange={setPassword}
          disabled={login.isPending}
        />
      </AuthForm>
    </AuthLayout>
  );
}
