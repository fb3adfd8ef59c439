// The gateway's test support, and the parts of the gateway that system tests (system-tests/) reach into: one
// entry point, so they never import the gateway's files by deep relative paths.
export * from './ai-worker-stand-in';
export * from './event-stream-reader';
export * from './eventually';
export * from './manual-clock';
export * from './media-worker';
export * from './routes';
export * from './service-fixtures';
export * from './signed-in-browser';
export * from './stream-download';
export * from './streaming-memory';
export * from './tcp-proxy';
export * from './test-gateway';
export { AI_GENERATE_TIMEOUT_MS } from '../../src/ai/ai.service';
export { PlanChangesListener } from '../../src/billing/plan-changes.listener';
export { GatewayEnvSchema, type GatewayEnv, type GatewayEnvInput } from '../../src/config/gateway-env';
export { dropDatabase } from '../../src/database/ensure-database';
export { MetricsService } from '../../src/metrics/metrics.service';
