import { MIN_PASSWORD_LENGTH } from '@lectern/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '@/api/http';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSignup } from '@/hooks/use-auth';
import { toast } from '@/hooks/use-toast';
import { ROUTES } from '@/routes';

export default function SignupPage() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signup = useSignup();
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
        onError: (error) => {
          toast({
            title: 'Signup failed',
            description: errorMessage(error, 'Please try again with different credentials.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <AuthLayout
      title="Create your account"
      description="Start learning from videos with Lectern"
      footer={
        <p>
          Already have an account?{' '}
          <Link to={ROUTES.login} className="font-medium text-primary underline-offset-4 hover:underline">
            Log in
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="signup-name">Name (optional)</Label>
          <Input
            id="signup-name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={signup.isPending}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="signup-email">Email</Label>
          <Input
            id="signup-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={signup.isPending}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="signup-password">Password</Label>
          <Input
            id="signup-password"
            type="password"
            autoComplete="new-password"
            placeholder="At least 8 characters"
            required
            minLength={MIN_PASSWORD_LENGTH}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={signup.isPending}
          />
        </div>
        <Button type="submit" className="w-full" disabled={signup.isPending}>
          {signup.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
    </AuthLayout>
  );
}
