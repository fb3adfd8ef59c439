import type { ComponentProps, ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

export type TextFieldProps<TValues extends FieldValues> = Omit<
  ComponentProps<'input'>,
  'id' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'
> & {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  /** The input's id: pages focus a field by it. */
  id: string;
  label: string;
  /** Shown at the end of the label's line, e.g. a link. */
  labelAside?: ReactNode;
};

/** One labelled input of a form (inside <Form>), with its error beside it. */
export function TextField<TValues extends FieldValues>({
  control,
  name,
  id,
  label,
  labelAside,
  ...input
}: TextFieldProps<TValues>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem id={id}>
          {labelAside ? (
            <div className="flex items-center justify-between gap-2">
              <FormLabel>{label}</FormLabel>
              {labelAside}
            </div>
          ) : (
            <FormLabel>{label}</FormLabel>
          )}
          <FormControl>
            <Input
              {...input}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
