import { OFFLINE_MATERIAL_NOTICE, WRITTEN_MATERIAL_HINT } from '@lectern/contracts';
import { Info } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * Says that an item is passages the offline engine extracted from the transcript, not a model's writing, and
 * how to get written material. Plain text, so screen readers and copy-paste see it too.
 */
export function OfflineMaterialNotice({ className }: { className?: string }) {
  return (
    <div
      role="note"
      aria-label="About this material"
      className={cn(
        'flex gap-2 rounded-md border border-dashed bg-muted/50 px-3 py-2 text-xs text-muted-foreground',
        className,
      )}
    >
      <Info aria-hidden className="mt-0.5 size-3.5 shrink-0" />
      <div className="space-y-0.5">
        <p className="font-medium text-foreground">{OFFLINE_MATERIAL_NOTICE}</p>
        <p>{WRITTEN_MATERIAL_HINT}</p>
      </div>
    </div>
  );
}
