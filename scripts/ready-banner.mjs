// The launcher's last start-up words: where Lectern answers, printed once the gateway reports ready.
import { styleText } from 'node:util';

export const READINESS_PATH = '/api/health/ready';
const DEV_WEB_URL = 'http://localhost:5173';

/** Where people open Lectern: APP_URL, or the gateway's port on this machine. */
export function appUrlOf(env) {
  return (env.APP_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, '');
}

/**
 * The banner's lines: the address, and in `dev` / `demo` the web app, the mails page and the samples; which
 * servers are Lectern's own (`embedded`: { dataFolder, servers }), with where their data lives; and which engine
 * writes the study material (`aiEngine`: what an ai worker records, { engine, model, server }).
 */
export function readyBanner({ mode, appUrl, samples = [], embedded = null, aiEngine = null }) {
  const lines = [`Lectern is ready at ${appUrl}`];
  if (aiEngine) lines.push(aiEngineLine(aiEngine));
  if (embedded) {
    lines.push(`  Embedded ${embedded.servers.join(', ')}`);
    lines.push(`  Their data: ${embedded.dataFolder} (kept across restarts; LECTERN_DATA_DIR moves it)`);
  }
  if (mode === 'dev') lines.push(`  Web app with hot reload: ${DEV_WEB_URL}`);
  if (mode === 'dev' || mode === 'demo') lines.push(`  Mails it sends: ${appUrl}/dev/mail`);
  if (mode === 'demo' && samples.length > 0) {
    lines.push('  Sample videos to analyse:');
    const width = Math.max(...samples.map((sample) => sample.title.length));
    for (const { title, youtubeId } of samples)
      lines.push(`    ${title.padEnd(width)}  https://www.youtube.com/watch?v=${youtubeId}`);
  }
  return lines;
}

function aiEngineLine({ engine, model, server }) {
  if (engine === 'offline')
    return '  Study material: the offline engine (passages from the transcript); an OPENAI_API_KEY or a local model server (Ollama, LM Studio) writes it';
  return `  Study material written by ${model} (${server})`;
}

export function printBanner(lines, out, colour) {
  const [first, ...rest] = lines;
  out.write(
    `\n${colour ? styleText(['bold', 'green'], first) : first}\n${rest.map((l) => `${l}\n`).join('')}\n`,
  );
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * Resolves true once `url` answers 200, polling every `intervalMs`; false if `givenUp()` turns true first
 * (the launcher is stopping).
 */
export async function whenReady(url, { intervalMs = 500, givenUp = () => false } = {}) {
  while (!givenUp()) {
    const ready = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) return true;
    await sleep(intervalMs);
  }
  return false;
}
