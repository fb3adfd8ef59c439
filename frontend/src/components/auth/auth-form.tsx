import type { ReactNode } from 'react';
import type { FieldValues, SubmitErrorHandler, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/api/http';
import { SchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';

/** An auth form: its fields, then a full-width submit button that shows when it is busy. */
export function AuthForm<TValues extends FieldValues>({
  form,
  onValid,
  onInvalid,
  pending,
  submitLabel,
  pendingLabel,
  children,
}: {
  form: UseFormReturn<TValues>;
  onValid: SubmitHandler<TValues>;
  onInvalid?: SubmitErrorHandler<TValues>;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <SchemaForm form={form} onValid={onValid} onInvalid={onInvalid} className="grid gap-4">
      {children}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </SchemaForm>
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

/**
 * Login and signup need an email and a password: when one is missing, a toast says so too (the fields show
 * their own messages). Returns whether it did.
 */
export function toastIfMissingDetails(email: string, password: string): boolean {
  if (email.trim() !== '' && password !== '') return false;
  toast({
    title: 'Missing details',
    description: 'Please enter your email and password.',
    variant: 'destructive',
  });
  return true;
}

/** The toast for a login or signup the server refused, with its reason when it gave one. */
export function authFailedToast(title: string, error: unknown, fallback: string): void {
  toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });
}
