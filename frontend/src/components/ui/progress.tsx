import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A determinate progress bar (0–100), announced as a progressbar with its value. */
export function Progress({
  value,
  className,
  ...props
}: Omit<ComponentProps<'div'>, 'children'> & { value: number }) {
  const percent = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-slot="progress"
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/20', className)}
      {...props}
    >
      <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
