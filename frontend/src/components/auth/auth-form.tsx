import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/api/http';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';

/** An auth form: its fields, then a full-width submit button that shows when it is busy. */
export function AuthForm({
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  children,
}: {
  onSubmit: () => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {children}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}

/**
 * One labelled field of a form, with its error beside it: the input is marked invalid and described by the
 * error, so a screen reader reads the message with the field.
 */
export function AuthField({
  id,
  label,
  value,
  onValueChange,
  error,
  labelAside,
  'aria-describedby': describedBy,
  ...input
}: Omit<ComponentProps<'input'>, 'onChange' | 'value'> & {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  /** Shown at the end of the label's line, e.g. a link. */
  labelAside?: ReactNode;
}) {
  const errorId = `${id}-error`;
  const describedByIds = [describedBy, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div className="grid gap-2">
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={id}>{label}</Label>
          {labelAside}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      <Input
        id={id}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds === '' ? undefined : describedByIds}
        className={error ? 'border-destructive' : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm text-destructive dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A message about the whole form (usually the server's), read out as soon as it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/60 bg-destructive/10 p-3 text-sm font-medium text-foreground"
    >
      {children}
    </p>
  );
}

/** The card's footer: a question and a link to the other auth page. */
export function AuthSwitch({ question, to, label }: { question: string; to: string; label: string }) {
  return (
    <p>
      {question}{' '}
      <Link to={to} className="font-medium text-primary underline-offset-4 hover:underline">
        {label}
      </Link>
    </p>
  );
}

/** Both forms need an email and a password; says so (as a toast) and returns false when one is missing. */
export function checkEmailAndPassword(email: string, password: string): boolean {
  if (email.trim() !== '' && password !== '') return true;
  toast({
    title: 'Missing details',
    description: 'Please enter your email and password.',
    variant: 'destructive',
  });
  return false;
}

/** The toast for a login or signup the server refused, with its reason when it gave one. */
export function authFailedToast(title: string, error: unknown, fallback: string): void {
  toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });
}
