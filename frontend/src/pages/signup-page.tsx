import { MIN_PASSWORD_LENGTH, SignupRequestSchema, type SignupRequest } from '@lectern/contracts';
import { useNavigate } from 'react-router-dom';
import { AuthForm, AuthSwitch, authFailedToast, toastIfMissingDetails } from '@/components/auth/auth-form';
import { TextField } from '@/components/form/text-field';
import { AuthLayout } from '@/components/layout/auth-layout';
import { useSignup } from '@/hooks/use-auth';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { toast } from '@/hooks/use-toast';
import { ROUTES } from '@/routes';

export default function SignupPage() {
  const form = useSchemaForm(SignupRequestSchema, { defaultValues: { name: '', email: '', password: '' } });
  const signup = useSignup();
  const navigate = useNavigate();

  const onValid = ({ name, email, password }: SignupRequest) => {
    const trimmedName = name?.trim() ?? '';
    signup.mutate(
      { email: email.trim(), password, name: trimmedName === '' ? undefined : trimmedName },
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

  // The fields show their messages; the two commonest mistakes are also said in a toast.
  const onInvalid = () => {
    const { email, password } = form.getValues();
    if (toastIfMissingDetails(email, password)) return;
    if (password.length < MIN_PASSWORD_LENGTH) {
      toast({
        title: 'Password too short',
        description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
        variant: 'destructive',
      });
    }
  };

  return (
    <AuthLayout
      title="Create your account"
      description="Start learning from videos with Lectern"
      footer={<AuthSwitch question="Already have an account?" to={ROUTES.login} label="Log in" />}
    >
      <AuthForm
        form={form}
        onValid={onValid}
        onInvalid={onInvalid}
        pending={signup.isPending}
        submitLabel="Create Account"
        pendingLabel="Creating account..."
      >
        <TextField
          control={form.control}
          name="name"
          id="signup-name"
          label="Name (optional)"
          autoComplete="name"
          disabled={signup.isPending}
        />
        <TextField
          control={form.control}
          name="email"
          id="signup-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          disabled={signup.isPending}
        />
        <TextField
          control={form.control}
          name="password"
          id="signup-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          required
          minLength={MIN_PASSWORD_LENGTH}
          disabled={signup.isPending}
        />
      </AuthForm>
    </AuthLayout>
  );
}
