import { Provider } from '@radix-ui/react-tooltip';
import type { ComponentProps } from 'react';

/** Spec section 9: tooltips open after 700 ms, and 300 ms skip delay between neighbours. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

// Kept apart from tooltip.tsx so the app's entry does not carry the tooltip's positioning code.
export function TooltipProvider(props: ComponentProps<typeof Provider>) {
  return <Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS} {...props} />;
}
