import type { Outline } from '@lectern/contracts';
import { Download } from 'lucide-react';
import { Markmap } from 'markmap-view';
import { useEffect, useMemo, useRef, type CSSProperties, type MouseEvent } from 'react';
import { Button } from '@/components/ui/button';
import { mindMapFileName, mindMapOf, seekTargetOf } from '@/lib/mind-map';
import { saveBlob } from '@/lib/share';

// The page's colours for the map's text and links, so both themes keep their contrast; a downloaded map is
// drawn in the light theme's colours, which every viewer shows on white.
const PAGE_COLOURS = {
  '--markmap-text-color': 'var(--foreground)',
  '--markmap-a-color': 'var(--primary)',
} as CSSProperties;
const FILE_COLOURS = '--markmap-text-color: #18181b; --markmap-a-color: #1d4ed8; background: #ffffff;';

/** The mind map of a lecture's outline, drawn by markmap; a click on a moment seeks the video there. */
export default function MindMap({
  outline,
  title,
  youtubeId,
  onSeek,
}: {
  outline: Outline;
  title: string | null;
  youtubeId: string;
  onSeek: (seconds: number) => void;
}) {
  const svgRef = useRef<SVGSVGElement>(null);
  const markmapRef = useRef<Markmap | null>(null);
  const tree = useMemo(() => mindMapOf(outline, title, youtubeId), [outline, title, youtubeId]);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const markmap = Markmap.create(svg, { duration: 0, maxWidth: 320, initialExpandLevel: -1 });
    markmapRef.current = markmap;
    return () => {
      markmap.destroy();
      markmapRef.current = null;
    };
  }, []);

  useEffect(() => {
    const markmap = markmapRef.current;
    if (markmap) void markmap.setData(tree).then(() => markmap.fit());
  }, [tree]);

  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    const seconds = seekTargetOf(event.target);
    if (seconds === null) return;
    event.preventDefault();
    onSeek(seconds);
  };

  const onDownload = () => {
    const svg = svgRef.current;
    if (!svg) return;
    const copy = svg.cloneNode(true) as SVGSVGElement;
    const { width, height } = svg.getBoundingClientRect();
    copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    copy.setAttribute('width', String(Math.round(width)));
    copy.setAttribute('height', String(Math.round(height)));
    copy.setAttribute('style', FILE_COLOURS);
    const text = new XMLSerializer().serializeToString(copy);
    saveBlob(new Blob([text], { type: 'image/svg+xml' }), mindMapFileName(title));
  };

  return (
    <div className="space-y-3">
      <svg
        ref={svgRef}
        role="group"
        aria-label={`Mind map of ${title ?? 'this video'}: ${outline.sections.length} chapters`}
        className="h-[420px] w-full rounded-md border bg-background text-foreground"
        style={PAGE_COLOURS}
        onClick={onClick}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          Drag to move, scroll to zoom; a moment opens the video there.
        </p>
        <Button variant="outline" size="sm" onClick={onDownload}>
          <Download aria-hidden />
          Download SVG
        </Button>
      </div>
    </div>
  );
}
