import type { AiEngineName } from './jobs/ai.jobs';

// What the app and every export say under material written by Lectern's offline engine, so a reader never
// takes its extracted passages for a model's writing. One text, shown the same everywhere.

/** What offline material is. */
export const OFFLINE_MATERIAL_NOTICE =
  "Passages extracted from the transcript by Lectern's offline engine, not written by an AI model.";

/** How to get study material written by a model instead. */
export const WRITTEN_MATERIAL_HINT =
  'For written study material, add an OpenAI-compatible API key or run a local model (for example Ollama).';

const OFFLINE_ENGINE: AiEngineName = 'offline';

/** Whether an item (by the engine stored with it) was written by the offline engine. */
export function isOfflineMaterial(item: { engine?: string | null }): boolean {
  return item.engine === OFFLINE_ENGINE;
}
