import type { ReactNode } from 'react';
import type { FieldValues, SubmitErrorHandler, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { Form } from '@/components/ui/form';

/**
 * A <form> run by react-hook-form: `onValid` gets the values once the schema accepts them, `onInvalid` the
 * errors otherwise (already shown beside their fields, the first one focused). The browser's own validation
 * bubbles are off: the schema's messages are the ones shown.
 */
export function SchemaForm<TValues extends FieldValues>({
  form,
  onValid,
  onInvalid,
  className,
  'aria-busy': busy,
  children,
}: {
  form: UseFormReturn<TValues>;
  onValid: SubmitHandler<TValues>;
  onInvalid?: SubmitErrorHandler<TValues>;
  className?: string;
  'aria-busy'?: boolean;
  children: ReactNode;
}) {
  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}
        className={className}
        aria-busy={busy}
      >
        {children}
      </form>
    </Form>
  );
}
