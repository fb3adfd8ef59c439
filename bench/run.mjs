// `npm run bench`: Lectern's benchmarks on this machine. Prints a table per area and writes bench/results.json.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  cacheHitAnalysis,
  priorityAndFairness,
  queueRoundTrip,
  requestReplyNeverHangs,
  serveLongVideo,
} from './library.bench.mjs';
import { mixedLoad, soak } from './load.bench.mjs';
import { runFrontendBench } from './frontend.bench.mjs';
import { billingRoundTrip } from './billing.bench.mjs';
import { clusterComparison } from './cluster.bench.mjs';
import { layoutComparison } from './layouts.bench.mjs';
import { runLightAnswersBench } from './light-answers.bench.mjs';
import { firstStreamedWord } from './ai-streaming.bench.mjs';
import { modelQuizQuality, realLectureQuality, studyAidQuality } from './study-aid-quality.bench.mjs';
import { root, startStack } from './lib/stack.mjs';

const results = {
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  startedAt: new Date().toISOString(),
};

function report(title, figures) {
  results[title] = figures;
  console.log(`\n## ${title}`);
  const tables = [];
  console.table(flatten(figures, '', tables));
  for (const [name, rows] of tables) {
    console.log(name);
    console.table(rows);
  }
}

function flatten(figures, prefix, tables) {
  const rows = {};
  for (const [key, value] of Object.entries(figures)) {
    if (Array.isArray(value) && value.some((item) => item && typeof item === 'object'))
      tables.push([`${prefix}${key}`, value]);
    else if (value && typeof value === 'object' && !Array.isArray(value))
      Object.assign(rows, flatten(value, `${prefix}${key}.`, tables));
    else rows[`${prefix}${key}`] = { value: Array.isArray(value) ? value.join(', ') : value };
  }
  return rows;
}

/** Runs a service's own benchmark in a fresh Node process, so its time and memory figures are its own. */
function childBench(modulePath, exportName) {
  const script = `require(${JSON.stringify(path.join(root, modulePath))}).${exportName}().then((r) => { process.stdout.write('\\n@@RESULT@@' + JSON.stringify(r)); process.exit(0); }, (e) => { console.error(e); process.exit(1); })`;
  const output = execFileSync(process.execPath, ['--expose-gc', '-e', script], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(output.slice(output.lastIndexOf('@@RESULT@@') + '@@RESULT@@'.length));
}

console.log('starting the stack');
const stack = await startStack();
console.log('stack ready at', stack.baseUrl);
try {
  report('library: GET /api/videos/:id of the 10-hour video', await serveLongVideo(stack));
  report('library: POST /api/transcripts/fetch on a cache hit', await cacheHitAnalysis(stack));
  report('queues: request-reply round trip (ping)', await queueRoundTrip(stack));
  report('load: mixed workload of Pro users, 60 s at 50 connections', await mixedLoad(stack));
  report('soak: the same mix for 5 minutes, gateway memory', await soak(stack));
} finally {
  await stack.stop();
}
report('queues: Pro priority and Free fairness', await priorityAndFairness());
report('queues: request-reply never hangs', await requestReplyNeverHangs());
report('billing: a paying user waits for Pro (webhook, checkout sync)', await billingRoundTrip());
report('cluster: the same mix through one gateway, then two (two of each worker)', await clusterComparison());
report('layouts: a process per service, then every service in one process', await layoutComparison());
report(
  'ai: offline engine and the generation job',
  childBench('services/ai/dist-bench/bench/ai-bench.js', 'runAiBench'),
);
report(
  'ai: Ask the course, offline engine on 30 one-hour lectures',
  childBench('services/ai/dist-bench/bench/course-ask-bench.js', 'benchCourseAsk'),
);
report('ai: study-aid quality (offline engine)', await studyAidQuality());
report('ai: study-aid quality on real lectures (offline engine)', await realLectureQuality());
report('ai: quiz quality (OpenAI-compatible engine, BENCH_OPENAI_MODEL)', await modelQuizQuality());
report('ai: time to the first streamed word', await firstStreamedWord());
report(
  'transcripts: a YouTube that never answers',
  childBench('services/transcripts/dist-bench/bench/youtube-timeout-bench.js', 'runYouTubeTimeoutBench'),
);
report(
  'media: preparing a recording for speech-to-text, per hour of audio',
  childBench('services/media/dist-bench/bench/media-bench.js', 'runMediaBench'),
);
report(
  'export: the 10-hour transcript, next to LibreOffice',
  childBench('services/export/dist-bench/bench/export-bench-cli.js', 'runExportBenchmarks'),
);

for (const [area, figures] of Object.entries(await runFrontendBench())) report(`web app: ${area}`, figures);
for (const [area, figures] of Object.entries(await runLightAnswersBench()))
  report(`light answers: ${area}`, figures);

results.finishedAt = new Date().toISOString();
writeFileSync(path.join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\nwritten: bench/results.json');
process.exit(0);
