import type { FeatureType } from '@lectern/contracts';
import { ProUpsell } from '@/components/pro/pro-plan';
import type { AiFeature } from '@/components/ai/ai-features';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

/** Study and Create buttons; disabled for non-Pro users, who see a Pro badge and an upgrade link. */
export function FeatureList({
  features,
  isPro,
  pendingType,
  onGenerate,
}: {
  features: readonly AiFeature[];
  isPro: boolean;
  pendingType: FeatureType | null;
  onGenerate: (type: FeatureType) => void;
}) {
  return (
    <div className="space-y-3">
      {!isPro ? <ProUpsell badge>These tools are part of Lectern Pro.</ProUpsell> : null}
      <ul className="grid gap-2">
        {features.map((feature) => (
          <li key={feature.type}>
            <Button
              variant="outline"
              className="h-auto w-full flex-col items-start gap-1 px-4 py-3 text-left whitespace-normal"
              disabled={!isPro || pendingType !== null}
              onClick={() => onGenerate(feature.type)}
              aria-describedby={`feature-${feature.type}`}
            >
              <span className="flex w-full items-center justify-between gap-2 font-semibold">
                {pendingType === feature.type ? 'Generating...' : feature.label}
                {!isPro ? <Badge variant="secondary">Pro</Badge> : null}
              </span>
              <span id={`feature-${feature.type}`} className="text-xs font-normal text-muted-foreground">
                {feature.description}
              </span>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
