import type { AiEngineName } from '@lectern/contracts';
import type { Logger } from '@lectern/queue-runtime';
import type {
  AiEngine,
  AnswerRequest,
  AnswerResult,
  CourseReduceRequest,
  CourseReduceResult,
  GenerationRequest,
  GenerationResult,
} from '@lectern/offline-engine';
import { findLocalServer, listModels, type LocalServer } from './local-server';

/** Which engine and model write, and on which server (`host:port`; null for the offline engine). */
export interface EngineStatus {
  engine: AiEngineName;
  model: string;
  server: string | null;
}

export interface EngineSelectorOptions {
  /** Always this engine (an API key is configured): nothing is looked for. */
  configured?: { engine: AiEngine; baseURL: string | undefined };
  offline: AiEngine;
  /** The OpenAI-compatible servers looked for, in order of preference. */
  candidates: readonly string[];
  /** OPENAI_MODEL, when set: used if the server has it. */
  wantedModel: string | undefined;
  makeEngine: (server: LocalServer) => AiEngine;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** Each server's answer must come within this time. */
  probeTimeoutMs?: number;
  /** How often the servers are looked for again (in the background, and before a job when none answered). */
  recheckMs?: number;
  /** Called with every change of the engine that writes, and once the first look is over. */
  onChange?: (status: EngineStatus) => void;
}

const DEFAULT_PROBE_TIMEOUT_MS = 750;
const DEFAULT_RECHECK_MS = 30_000;

/**
 * The engine each job writes with. With an API key, the configured one. Without, a model server on this
 * machine when one answers, else the offline engine: a server that stops answering is left (one warning) and
 * taken up again when it answers, looked for every `recheckMs`. A job whose server went away before it wrote
 * anything is written by the offline engine; one that had streamed text fails, and its retry starts afresh.
 */
export class EngineSelector implements AiEngine {
  private local: { engine: AiEngine; server: LocalServer } | null = null;
  private probing: Promise<void> | null = null;
  private lastProbeAt = Number.NEGATIVE_INFINITY;
  private looked = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly probeTimeoutMs: number;
  private readonly recheckMs: number;

  constructor(private readonly options: EngineSelectorOptions) {
    this.probeTimeoutMs = options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
    this.recheckMs = options.recheckMs ?? DEFAULT_RECHECK_MS;
  }

  get name(): AiEngineName {
    return this.now().name;
  }

  get model(): string {
    return this.now().model;
  }

  /** Looks for a server in the background (a worker starts without waiting for it) and every `recheckMs`. */
  start(): void {
    const { configured } = this.options;
    if (configured) {
      this.options.logger.info(this.status(), 'ai engine selected');
      this.options.onChange?.(this.status());
      return;
    }
    void this.probe();
    if (this.options.candidates.length === 0) return;
    this.timer = setInterval(() => void this.probe(), this.recheckMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  status(): EngineStatus {
    const { configured } = this.options;
    if (configured)
      return {
        engine: configured.engine.name,
        model: configured.engine.model,
        server: hostOf(configured.baseURL) ?? 'api.openai.com',
      };
    if (this.local)
      return {
        engine: this.local.engine.name,
        model: this.local.engine.model,
        server: hostOf(this.local.server.baseURL),
      };
    return { engine: this.options.offline.name, model: this.options.offline.model, server: null };
  }

  /** The engine for the next job: after the first look is over, and looking again if none answered a while. */
  async current(): Promise<AiEngine> {
    if (this.options.configured) return this.options.configured.engine;
    if (this.probing) await this.probing;
    else if (!this.local && Date.now() - this.lastProbeAt >= this.recheckMs) await this.probe();
    return this.now();
  }

  generate(
    request: GenerationRequest,
    signal?: AbortSignal,
    onDelta?: (text: string) => void,
  ): Promise<GenerationResult> {
    return this.run((engine, write) => engine.generate(request, signal, write), signal, onDelta);
  }

  ask(request: AnswerRequest, signal?: AbortSignal, onDelta?: (text: string) => void): Promise<AnswerResult> {
    return this.run((engine, write) => engine.ask(request, signal, write), signal, onDelta);
  }

  reduceCourse(request: CourseReduceRequest, signal?: AbortSignal): Promise<CourseReduceResult> {
    return this.run((engine) => engine.reduceCourse(request, signal), signal, undefined);
  }

  private now(): AiEngine {
    return this.options.configured?.engine ?? this.local?.engine ?? this.options.offline;
  }

  private async run<T>(
    write: (engine: AiEngine, onDelta?: (text: string) => void) => Promise<T>,
    signal: AbortSignal | undefined,
    onDelta: ((text: string) => void) | undefined,
  ): Promise<T> {
    const engine = await this.current();
    const local = this.local;
    if (local === null || engine !== local.engine) return write(engine, onDelta);
    let wrote = false;
    const counted =
      onDelta &&
      ((text: string) => {
        wrote = true;
        onDelta(text);
      });
    try {
      return await write(engine, counted);
    } catch (error) {
      if (signal?.aborted || (await listModels(local.server.baseURL, this.probeTimeoutMs)) !== null)
        throw error;
      this.lose(local);
      if (wrote) throw error;
      return write(this.options.offline, onDelta);
    }
  }

  private probe(): Promise<void> {
    this.probing ??= findLocalServer(this.options.candidates, this.options.wantedModel, this.probeTimeoutMs)
      .then((found) => {
        this.lastProbeAt = Date.now();
        this.use(found);
      })
      .finally(() => {
        this.probing = null;
      });
    return this.probing;
  }

  private use(found: LocalServer | null): void {
    const { logger } = this.options;
    const previous = this.local;
    const firstLook = !this.looked;
    this.looked = true;
    if (found && previous?.server.baseURL === found.baseURL && previous.server.model === found.model) return;
    if (found) {
      this.local = { engine: this.options.makeEngine(found), server: found };
      logger.info(
        this.status(),
        previous || firstLook
          ? 'ai engine selected'
          : 'a local model server answers again; it writes from now on',
      );
    } else if (previous) {
      this.lose(previous);
      return;
    } else if (firstLook) {
      logger.info(
        { ...this.status(), lookedAt: this.options.candidates },
        this.options.candidates.length === 0
          ? 'ai engine selected: no API key, and no local model server looked for'
          : 'ai engine selected: no API key and no local model server answered',
      );
    } else return;
    this.options.onChange?.(this.status());
  }

  private lose(local: { server: LocalServer }): void {
    if (this.local !== local) return;
    this.local = null;
    this.lastProbeAt = Date.now();
    this.options.logger.warn(
      { server: hostOf(local.server.baseURL), model: local.server.model, engine: this.options.offline.name },
      `the local model server no longer answers; the offline engine writes until it answers again (looked for every ${Math.round(this.recheckMs / 1000)} s)`,
    );
    this.options.onChange?.(this.status());
  }
}

function hostOf(baseURL: string | undefined): string | null {
  return baseURL ? new URL(baseURL).host : null;
}
