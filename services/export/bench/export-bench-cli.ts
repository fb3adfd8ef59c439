import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderExport } from '../src/render';
import { LONG_FIXTURE, longTranscriptDocument, runExportBench, type ExportBenchResult } from './export-bench';

// Time and peak memory to export the ten-hour transcript as Markdown, PDF and DOCX, next to what a user would otherwise
// reach for: LibreOffice headless converting the same transcript, as TXT, to PDF.
// Run: node services/export/dist-bench/bench/export-bench-cli.js (add --expose-gc for steadier memory figures).

const TARGETS = { maxMs: 3000, maxPeakRssMb: 400, minSpeedupOverLibreOffice: 3 } as const;

export interface LibreOfficeResult {
  version: string;
  ms: number;
  /** Peak resident memory of LibreOffice's whole process tree; null where /proc is not available. */
  peakRssMb: number | null;
  bytes: number;
}

export interface ExportBenchmarks {
  fixture: { hours: number; segments: number };
  lectern: ExportBenchResult[];
  libreOffice: LibreOfficeResult | { skipped: string };
  /** LibreOffice's time over Lectern's PDF time; null when LibreOffice was skipped. */
  pdfSpeedupOverLibreOffice: number | null;
  targets: typeof TARGETS;
  meetsTargets: { md: boolean; pdf: boolean; docx: boolean; speedup: boolean | null };
}

export async function runExportBenchmarks(): Promise<ExportBenchmarks> {
  const lectern = await runExportBench(['md', 'pdf', 'docx']);
  const libreOffice = await benchLibreOffice();
  const pdf = lectern.find((r) => r.format === 'pdf');
  const speedup = 'ms' in libreOffice && pdf ? round(libreOffice.ms / pdf.ms, 1) : null;
  const meets = (result: ExportBenchResult | undefined) =>
    !!result && result.ms < TARGETS.maxMs && result.peakRssMb < TARGETS.maxPeakRssMb;
  return {
    fixture: { hours: LONG_FIXTURE.hours, segments: LONG_FIXTURE.segments },
    lectern,
    libreOffice,
    pdfSpeedupOverLibreOffice: speedup,
    targets: TARGETS,
    meetsTargets: {
      md: meets(lectern.find((r) => r.format === 'md')),
      pdf: meets(pdf),
      docx: meets(lectern.find((r) => r.format === 'docx')),
      speedup: speedup === null ? null : speedup >= TARGETS.minSpeedupOverLibreOffice,
    },
  };
}

function sofficeVersion(): string | null {
  const probe = spawnSync('soffice', ['--version'], { encoding: 'utf8', timeout: 60_000 });
  return probe.status === 0 ? probe.stdout.trim() : null;
}

async function benchLibreOffice(): Promise<LibreOfficeResult | { skipped: string }> {
  const version = sofficeVersion();
  if (!version)
    return {
      skipped: 'LibreOffice (soffice) is not installed; on Debian: apt-get install libreoffice-writer-nogui',
    };
  const dir = await mkdtemp(join(tmpdir(), 'lectern-bench-lo-'));
  try {
    const txt = join(dir, 'ten-hours.txt');
    const output = createWriteStream(txt);
    await renderExport(longTranscriptDocument(), 'txt', output);
    const small = join(dir, 'warm-up.txt');
    await writeFile(small, 'Warm-up.\n');
    const profile = pathToFileURL(join(dir, 'profile')).href;
    // The first start creates LibreOffice's profile; like Lectern's warm-up, it is not what is measured.
    await convert(small, dir, profile);
    const started = performance.now();
    const peak = await convert(txt, dir, profile);
    const ms = Math.round(performance.now() - started);
    const pdf = (await readdir(dir)).find((name) => name === 'ten-hours.pdf');
    if (!pdf) return { skipped: `LibreOffice produced no PDF (${version})` };
    return { version, ms, peakRssMb: peak, bytes: (await stat(join(dir, pdf))).size };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs one conversion, sampling the resident memory of its process tree; answers the peak in MB. */
async function convert(file: string, outdir: string, profile: string): Promise<number | null> {
  const child = spawn(
    'soffice',
    [
      `-env:UserInstallation=${profile}`,
      '--headless',
      '--norestore',
      '--infilter=Text (encoded):UTF8',
      '--convert-to',
      'pdf',
      '--outdir',
      outdir,
      file,
    ],
    { stdio: 'ignore' },
  );
  let peak: number | null = null;
  const sample = async () => {
    const rss = await treeRss(child.pid);
    if (rss !== null) peak = Math.max(peak ?? 0, rss);
  };
  const timer = setInterval(() => void sample(), 25);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  }).finally(() => clearInterval(timer));
  if (code !== 0) throw new Error(`soffice exited with ${code}`);
  return peak === null ? null : Math.round(peak / 2 ** 20);
}

/** The summed resident memory of a process and its descendants, from /proc (Linux); null elsewhere. */
async function treeRss(rootPid: number | undefined): Promise<number | null> {
  if (rootPid === undefined) return null;
  let entries: string[];
  try {
    entries = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const parents = new Map<number, number>();
  await Promise.all(
    entries.map(async (pid) => {
      const line = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
      if (fields[1]) parents.set(Number(pid), Number(fields[1]));
    }),
  );
  const tree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents)
      if (tree.has(parent) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
  }
  let total = 0;
  for (const pid of tree) {
    const statm = await readFile(`/proc/${pid}/statm`, 'utf8').catch(() => '');
    total += Number(statm.split(' ')[1] ?? 0) * 4096;
  }
  return total;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function formatBenchmarks(results: ExportBenchmarks): string {
  const lines = [
    `Export of the ${results.fixture.hours}-hour transcript (${results.fixture.segments.toLocaleString('en')} segments)`,
    '',
    'tool                         time      peak RSS    file',
  ];
  for (const r of results.lectern)
    lines.push(
      `Lectern ${r.format.toUpperCase().padEnd(21)}${`${r.ms} ms`.padEnd(10)}${`${r.peakRssMb} MB`.padEnd(12)}${Math.round(r.bytes / 1024)} KB`,
    );
  const lo = results.libreOffice;
  if ('ms' in lo)
    lines.push(
      `LibreOffice TXT -> PDF       ${`${lo.ms} ms`.padEnd(10)}${(lo.peakRssMb === null ? 'n/a' : `${lo.peakRssMb} MB`).padEnd(12)}${Math.round(lo.bytes / 1024)} KB`,
      '',
      `${lo.version}; Lectern's PDF is ${results.pdfSpeedupOverLibreOffice}x faster (target: at least ${results.targets.minSpeedupOverLibreOffice}x)`,
    );
  else lines.push('', `LibreOffice skipped: ${lo.skipped}`);
  lines.push(
    `Targets: under ${results.targets.maxMs} ms and ${results.targets.maxPeakRssMb} MB each; met: Markdown ${results.meetsTargets.md}, PDF ${results.meetsTargets.pdf}, DOCX ${results.meetsTargets.docx}`,
  );
  return lines.join('\n');
}

if (require.main === module) {
  runExportBenchmarks().then(
    (results) => {
      process.stdout.write(`${formatBenchmarks(results)}\n\n${JSON.stringify(results, null, 2)}\n`);
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
