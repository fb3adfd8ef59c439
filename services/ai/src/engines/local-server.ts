import OpenAI from 'openai';

/** Where a model server on this machine answers by default: Ollama, LM Studio, a llama.cpp server. */
export const LOCAL_SERVER_CANDIDATES: readonly string[] = [
  'http://127.0.0.1:11434/v1',
  'http://127.0.0.1:1234/v1',
  'http://127.0.0.1:8080/v1',
];

/** Local servers take any key; the OpenAI client requires one. */
export const LOCAL_SERVER_API_KEY = 'lectern-local';

export interface LocalServer {
  baseURL: string;
  model: string;
}

/** The models a server lists (GET /v1/models), or null when it does not answer as an OpenAI-compatible one. */
export async function listModels(baseURL: string, timeoutMs: number): Promise<string[] | null> {
  const client = new OpenAI({ apiKey: LOCAL_SERVER_API_KEY, baseURL, timeout: timeoutMs, maxRetries: 0 });
  try {
    const models: string[] = [];
    for await (const model of client.models.list({ signal: AbortSignal.timeout(timeoutMs) }))
      models.push(model.id);
    return models;
  } catch {
    return null;
  }
}

// Not models that write text: embeddings, rerankers, speech.
const NOT_FOR_CHAT = /embed|rerank|whisper|tts/i;
const CHAT_TUNED = /instruct|chat/i;

/**
 * The model Lectern writes with, of those a server lists: `wanted` (an explicit OPENAI_MODEL) when installed;
 * else, leaving out embedding, reranking and speech models, the first one whose name says it is tuned for chat
 * or instructions, else the first one listed (Ollama lists the most recently pulled first). Null when none fits.
 */
export function chooseModel(models: readonly string[], wanted: string | undefined): string | null {
  // Ollama names a model `llama3.2:latest` where people write `llama3.2`.
  const installed = wanted && models.find((model) => model === wanted || model === `${wanted}:latest`);
  if (installed) return installed;
  const chat = models.filter((model) => !NOT_FOR_CHAT.test(model));
  return chat.find((model) => CHAT_TUNED.test(model)) ?? chat[0] ?? null;
}

/**
 * The first candidate that answers with a model to write with. All are asked at once, each with a short
 * timeout, so a machine with no model server finds out within `timeoutMs`.
 */
export async function findLocalServer(
  candidates: readonly string[],
  wanted: string | undefined,
  timeoutMs: number,
): Promise<LocalServer | null> {
  const answers = await Promise.all(candidates.map((baseURL) => listModels(baseURL, timeoutMs)));
  for (const [index, models] of answers.entries()) {
    const model = models && chooseModel(models, wanted);
    if (model) return { baseURL: candidates[index] as string, model };
  }
  return null;
}
