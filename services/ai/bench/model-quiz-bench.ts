import { benchEngineQuizzes, type EngineQuizReport, type SampleLecture } from '@lectern/offline-engine/bench';
import { OpenAiEngine } from '../src/engines/openai-engine';

// The OpenAI-compatible engine's quizzes judged by the study-aid quality bench's judges on the same lectures as the
// offline engine's, when an operator names a model for the bench; never a fake's figures:
//
//   BENCH_OPENAI_MODEL=gpt-4o-mini BENCH_OPENAI_API_KEY=sk-... npm run bench
//   BENCH_OPENAI_BASE_URL=http://127.0.0.1:11434/v1 BENCH_OPENAI_MODEL=llama3.1 npm run bench   (a local server)

export const NOT_MEASURED = 'not measured: no model configured';

export type ModelQuizReport = EngineQuizReport | { measured: string; howToMeasure: string };

const HOW_TO_MEASURE =
  'set BENCH_OPENAI_MODEL (and BENCH_OPENAI_API_KEY, BENCH_OPENAI_BASE_URL for a server other than OpenAI) and run npm run bench';

/** The model named by the bench's environment, or null when none is. */
export function benchModelEngine(env: NodeJS.ProcessEnv = process.env): OpenAiEngine | null {
  const model = env.BENCH_OPENAI_MODEL?.trim();
  if (!model) return null;
  return new OpenAiEngine({
    apiKey: env.BENCH_OPENAI_API_KEY?.trim() || 'none',
    baseURL: env.BENCH_OPENAI_BASE_URL?.trim() || undefined,
    model,
    tokenBudget: Number(env.BENCH_OPENAI_TOKEN_BUDGET ?? '') || 16_000,
    timeoutMs: Number(env.BENCH_OPENAI_TIMEOUT_MS ?? '') || 120_000,
  });
}

export async function benchModelQuizzes(
  moreLectures: readonly SampleLecture[] = [],
  env: NodeJS.ProcessEnv = process.env,
): Promise<ModelQuizReport> {
  const engine = benchModelEngine(env);
  if (engine === null) return { measured: NOT_MEASURED, howToMeasure: HOW_TO_MEASURE };
  return benchEngineQuizzes(engine, moreLectures);
}
