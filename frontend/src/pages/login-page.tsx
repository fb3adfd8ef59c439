import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '@/api/http';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useLogin } from '@/hooks/use-auth';
import { toast } from '@/hooks/use-toast';
import { ROUTES } from '@/routes';

export default function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email.trim() === '' || password === '') {
      toast({
        title: 'Missing details',
        description: 'Please enter your email and password.',
        variant: 'destructive',
      });
      return;
    }
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          toast({ title: 'Welcome back!', description: "You've successfully logged in." });
          void navigate(ROUTES.dashboard);
        },
        onError: (error) => {
          toast({
            title: 'Login failed',
            description: errorMessage(error, 'Please check your credentials and try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <AuthLayout
      title="Welcome back"
      description="Sign in to your Lectern library"
      footer={
        <p>
          Don&apos;t have an account?{' '}
          <Link to={ROUTES.signup} className="font-medium text-primary underline-offset-4 hover:underline">
            Sign up
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="login-email">Email</Label>
          <Input
            id="login-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={login.isPending}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="login-password">Password</Label>
          <Input
            id="login-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={login.isPending}
          />
        </div>
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </AuthLayout>
  );
}
