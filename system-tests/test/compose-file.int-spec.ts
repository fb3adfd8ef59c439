import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import type { z } from 'zod';
import { AiEnvSchema } from '../../services/ai/src/env';
import { BillingEnvSchema } from '../../services/billing/src/env';
import { ExportEnvSchema } from '../../services/export/src/env';
import { MailEnvSchema } from '../../services/mail/src/env';
import { MediaEnvSchema } from '../../services/media/src/env';
import { TranscriptsEnvSchema } from '../../services/transcripts/src/env';
import { GatewayEnvSchema } from '../../services/gateway/test/support';

const root = path.resolve(__dirname, '../..');
// The Compose Specification's JSON schema, as shipped (and kept current) by the dclint Compose linter.
const composeSchema = path.join(root, 'node_modules/dclint/schemas/compose.schema.json');

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string; target?: string; args?: Record<string, string> };
  command?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string | number>;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), {
  merge: true,
}) as ComposeFile;
const LECTERN_SERVICES = ['gateway', 'transcripts', 'ai', 'export', 'billing', 'mail', 'media'];
const ENV_SCHEMAS: Record<string, z.ZodObject> = {
  gateway: GatewayEnvSchema,
  transcripts: TranscriptsEnvSchema,
  ai: AiEnvSchema,
  export: ExportEnvSchema,
  billing: BillingEnvSchema,
  mail: MailEnvSchema,
  media: MediaEnvSchema,
};
// One install per compose project needs no key prefix; the image carries the built web app; compose runs one Redis
// of its own, so the settings of a Sentinel-watched or clustered Redis are not passed.
const NOT_FOR_COMPOSE = [
  'REDIS_PREFIX',
  'WEB_DIST_DIR',
  'REDIS_SENTINELS',
  'REDIS_SENTINEL_NAME',
  'REDIS_SENTINEL_PASSWORD',
  'REDIS_CLUSTER_NODES',
  'REDIS_PASSWORD',
];

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const { $schema: _draft, ...schema } = JSON.parse(readFileSync(composeSchema, 'utf8')) as Record<
      string,
      unknown
    >;
    const validate = ajv.compile(schema);
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('runs PostgreSQL and Redis with volumes and healthchecks, Redis with AOF and noeviction', () => {
    for (const name of ['postgres', 'redis']) {
      expect(compose.services[name]?.healthcheck).toBeDefined();
    }
    expect(Object.keys(compose.volumes ?? {})).toEqual(
      expect.arrayContaining(['postgres-data', 'redis-data']),
    );
    const redisCommand = compose.services.redis!.command!.join(' ');
    expect(redisCommand).toMatch(/--appendonly yes/);
    expect(redisCommand).toMatch(/--maxmemory-policy noeviction/);
  });

  it.each(LECTERN_SERVICES)(
    'builds %s from an existing context, Dockerfile and entry point, with a healthcheck',
    (name) => {
      const service = compose.services[name]!;
      expect(service.build).toBeDefined();
      const context = path.resolve(root, service.build!.context);
      expect(existsSync(context)).toBe(true);
      const dockerfile = path.join(context, service.build!.dockerfile ?? 'Dockerfile');
      expect(existsSync(dockerfile)).toBe(true);
      expect(readFileSync(dockerfile, 'utf8')).toMatch(new RegExp(`FROM .* AS ${service.build!.target}\\b`));
      expect(service.build!.args?.SERVICE).toBe(name);
      const manifest = JSON.parse(
        readFileSync(path.join(root, 'services', name, 'package.json'), 'utf8'),
      ) as { main: string };
      // The image runs the package's main: the gateway's main.ts, a worker's worker.ts, built.
      const entry = name === 'gateway' ? 'main' : 'worker';
      expect(manifest.main).toBe(`dist/${entry}.js`);
      expect(existsSync(path.join(root, 'services', name, `src/${entry}.ts`))).toBe(true);
      expect(service.healthcheck?.test.length).toBeGreaterThan(0);
      expect(service.depends_on?.redis?.condition).toBe('service_healthy');
      expect(service.depends_on?.postgres?.condition).toBe('service_healthy');
    },
  );

  it('runs the image as a non-root user with production dependencies only', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const runtimeStage = dockerfile.slice(dockerfile.indexOf('AS service'));
    expect(runtimeStage).toMatch(/^USER node$/m);
    expect(runtimeStage).toMatch(/npm ci --omit=dev/);
    // The service's package.json "main" is its entry (checked above for each service).
    expect(runtimeStage).toContain('exec node services/${SERVICE}"]');
    expect(existsSync(path.join(root, 'libs/queue-runtime/src/worker-healthcheck.ts'))).toBe(true);
  });

  it('installs and ships every library the services link to, in both stages', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const split = dockerfile.indexOf('AS service');
    const [buildStage, runtimeStage] = [dockerfile.slice(0, split), dockerfile.slice(split)];
    const libraries = readdirSync(path.join(root, 'libs'));
    expect(libraries.length).toBeGreaterThan(0);
    for (const library of libraries) {
      expect(buildStage).toContain(`COPY libs/${library}/package.json libs/${library}/`);
      expect(runtimeStage).toContain(`COPY libs/${library}/package.json libs/${library}/`);
      expect(runtimeStage).toContain(`COPY --from=build /app/libs/${library}/dist libs/${library}/dist`);
    }
  });

  it.each(LECTERN_SERVICES)('passes %s every setting it reads', (name) => {
    const passed = Object.keys(compose.services[name]!.environment ?? {});
    const read = Object.keys(ENV_SCHEMAS[name]!.shape).filter((v) => !NOT_FOR_COMPOSE.includes(v));
    expect(read.filter((variable) => !passed.includes(variable))).toEqual([]);
  });

  it('passes the proxy, rate-limit, job-limit and reconciliation settings with working defaults', () => {
    expect(compose.services.gateway!.environment).toMatchObject({
      TRUST_PROXY: '${TRUST_PROXY:-0}',
      AUTH_RATE_LIMIT_IP: '${AUTH_RATE_LIMIT_IP:-30}',
      AUTH_RATE_LIMIT_EMAIL: '${AUTH_RATE_LIMIT_EMAIL:-10}',
      JOBS_IN_FLIGHT_FREE: '${JOBS_IN_FLIGHT_FREE:-2}',
      JOBS_IN_FLIGHT_PRO: '${JOBS_IN_FLIGHT_PRO:-5}',
      // Reachable by a scraper on the compose network; the port itself is never published.
      METRICS_HOST: '0.0.0.0',
    });
    expect(compose.services.billing!.environment).toMatchObject({
      STRIPE_RECONCILE_AFTER_MS: '${STRIPE_RECONCILE_AFTER_MS:-120000}',
    });
  });

  it('sends mail to a Mailpit for development, its web UI on 8025 of this machine only, unless SMTP_URL names a mail server', () => {
    const mailpit = compose.services.mailpit!;
    expect(mailpit.image).toMatch(/^axllent\/mailpit:/);
    expect(mailpit.healthcheck?.test.length).toBeGreaterThan(0);
    expect((mailpit as { ports?: string[] }).ports).toContain('127.0.0.1:${MAILPIT_UI_PORT:-8025}:8025');
    expect(compose.services.mail!.environment).toMatchObject({
      SMTP_URL: '${SMTP_URL:-smtp://mailpit:1025}',
      MAIL_FROM: '${MAIL_FROM:-Lectern <no-reply@localhost>}',
      APP_URL: '${APP_URL:-http://localhost:3000}',
    });
  });

  it('ships an .env.example naming every variable the compose file reads', () => {
    const example = readFileSync(path.join(root, '.env.example'), 'utf8');
    const raw = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const used = new Set([...raw.matchAll(/\$\{([A-Z_]+)[:}?-]/g)].map((m) => m[1]));
    for (const variable of used) expect(example).toMatch(new RegExp(`^${variable}=`, 'm'));
  });
});
