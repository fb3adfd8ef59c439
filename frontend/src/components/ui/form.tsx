import type * as LabelPrimitive from '@radix-ui/react-label';
import { Slot } from '@radix-ui/react-slot';
import { createContext, useContext, useId, type ComponentProps } from 'react';
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

// shadcn/ui's Form pattern: a react-hook-form field whose label, control and message are wired together, so
// the control is marked invalid and described by its message.

export const Form = FormProvider;

const FormFieldContext = createContext<{ name: string } | null>(null);
const FormItemContext = createContext<{ id: string } | null>(null);

export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>(props: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  return (
    <FormFieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  );
}

export function useFormField() {
  const field = useContext(FormFieldContext);
  const item = useContext(FormItemContext);
  if (!field || !item) throw new Error('useFormField belongs inside <FormField> and <FormItem>');
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: field.name });
  const { error } = getFieldState(field.name, formState);
  return { name: field.name, formItemId: item.id, formMessageId: `${item.id}-error`, error };
}

/** One field's block. `id` becomes the control's id (pages focus fields by it); a generated one otherwise. */
export function FormItem({ id, className, ...props }: ComponentProps<'div'>) {
  const generated = useId();
  return (
    <FormItemContext.Provider value={{ id: id ?? generated }}>
      <div data-slot="form-item" className={cn('grid gap-2', className)} {...props} />
    </FormItemContext.Provider>
  );
}

export function FormLabel(props: ComponentProps<typeof LabelPrimitive.Root>) {
  const { formItemId } = useFormField();
  return <Label data-slot="form-label" htmlFor={formItemId} {...props} />;
}

export function FormControl(props: ComponentProps<typeof Slot>) {
  const { formItemId, formMessageId, error } = useFormField();
  return (
    <Slot
      data-slot="form-control"
      id={formItemId}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? formMessageId : undefined}
      {...props}
    />
  );
}

/** The field's error, beside it; nothing while the field is valid. */
export function FormMessage({ className, ...props }: ComponentProps<'p'>) {
  const { formMessageId, error } = useFormField();
  if (!error?.message) return null;
  return (
    <p
      data-slot="form-message"
      id={formMessageId}
      className={cn('text-sm text-destructive dark:text-red-400', className)}
      {...props}
    >
      {error.message}
    </p>
  );
}
