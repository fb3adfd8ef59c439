import type { HighlightColor } from '@lectern/contracts';

/** Row tints and text marks for each highlight colour, light and dark. */
export const HIGHLIGHT_STYLES: Record<
  HighlightColor,
  { label: string; row: string; mark: string; swatch: string }
> = {
  yellow: {
    label: 'Yellow',
    row: 'bg-yellow-100/70 dark:bg-yellow-400/10',
    mark: 'bg-yellow-200 text-inherit dark:bg-yellow-400/35',
    swatch: 'bg-yellow-300',
  },
  blue: {
    label: 'Blue',
    row: 'bg-blue-100/70 dark:bg-blue-400/10',
    mark: 'bg-blue-200 text-inherit dark:bg-blue-400/35',
    swatch: 'bg-blue-400',
  },
  green: {
    label: 'Green',
    row: 'bg-green-100/70 dark:bg-green-400/10',
    mark: 'bg-green-200 text-inherit dark:bg-green-400/35',
    swatch: 'bg-green-400',
  },
};

/** The faint tint on search matches. */
export const SEARCH_MATCH_ROW = 'bg-yellow-50 dark:bg-yellow-300/5';
