import { MIN_PASSWORD_LENGTH } from '@lectern/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  AuthField,
  AuthForm,
  AuthSwitch,
  authFailedToast,
  checkEmailAndPassword,
} from '@/components/auth/auth-form';
import { AuthLayout } from '@/components/layout/auth-layout';
import { useSignup } from '@/hooks/use-auth';
import { toast } from '@/hooks/use-toast';
import { ROUTES } from '@/routes';

export default function SignupPage() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signup = useSignup();
  const navigate = useNavigate();

  const onSubmit = () => {
    if (!checkEmailAndPassword(email, password)) return;
    if (password.length < MIN_PASSWORD_LENGTH) {
      toast({
        title: 'Password too short',
        description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
        variant: 'destructive',
      });
      return;
    }
    signup.mutate(
      { email: email.trim(), password, name: name.trim() === '' ? undefined : name.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Account created!', description: "Welcome to Lectern. Let's start learning!" });
          void navigate(ROUTES.dashboard);
        },
        onError: (error) =>
          authFailedToast('Signup failed', error, 'Please try again with different credentials.'),
      },
    );
  };

  return (
    <AuthLayout
      title="Create your account"
      description="Start learning from videos with Lectern"
      footer={<AuthSwitch question="Already have an account?" to={ROUTES.login} label="Log in" />}
    >
      <AuthForm
        onSubmit={onSubmit}
        pending={signup.isPending}
        submitLabel="Create Account"
        pendingLabel="Creating account..."
      >
        <AuthField
          id="signup-name"
          label="Name (optional)"
          autoComplete="name"
          value={name}
          onValueChange={setName}
          disabled={signup.isPending}
        />
        <AuthField
          id="signup-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onValueChange={setEmail}
          disabled={signup.isPending}
        />
        <AuthField
          id="signup-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={password}
          onValueChange={setPassword}
          disabled={signup.isPending}
        />
      </AuthForm>
    </AuthLayout>
  );
}
