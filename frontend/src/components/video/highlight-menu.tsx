import { HIGHLIGHT_COLORS, type HighlightColor } from '@lectern/contracts';
import { X } from 'lucide-react';
import { HIGHLIGHT_STYLES } from '@/components/video/highlight-colors';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export function HighlightMenu({
  pending,
  onPick,
  onDismiss,
}: {
  pending: boolean;
  onPick: (color: HighlightColor) => void;
  onDismiss: () => void;
}) {
  return (
    <div
      role="toolbar"
      aria-label="Highlight menu"
      className="absolute top-2 right-4 z-10 flex items-center gap-1 rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg animate-fade-in"
    >
      <span className="px-2 text-xs font-medium text-muted-foreground">Highlight</span>
      {HIGHLIGHT_COLORS.map((color) => (
        <Button
          key={color}
          variant="ghost"
          size="sm"
          disabled={pending}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(color)}
        >
          <span aria-hidden className={cn('size-3 rounded-full', HIGHLIGHT_STYLES[color].swatch)} />
          {HIGHLIGHT_STYLES[color].label}
        </Button>
      ))}
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label="Close highlight menu"
        onClick={onDismiss}
      >
        <X aria-hidden />
      </Button>
    </div>
  );
}
