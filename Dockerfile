# One image recipe for every Lectern process: `--target service --build-arg SERVICE=<gateway|transcripts|ai|export|billing|mail|media>`.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json nx.json tsconfig.base.json ./
COPY .ci/complete-lockfile.mjs .ci/
COPY libs/contracts/package.json libs/contracts/
COPY libs/queue-runtime/package.json libs/queue-runtime/
COPY libs/db/package.json libs/db/
COPY libs/handovers/package.json libs/handovers/
COPY libs/offline-engine/package.json libs/offline-engine/
COPY services/gateway/package.json services/gateway/
COPY services/transcripts/package.json services/transcripts/
COPY services/ai/package.json services/ai/
COPY services/export/package.json services/export/
COPY services/billing/package.json services/billing/
COPY services/mail/package.json services/mail/
COPY services/media/package.json services/media/
COPY frontend/package.json frontend/
RUN node .ci/complete-lockfile.mjs && npm ci --no-audit --no-fund
COPY libs ./libs
COPY services ./services
COPY frontend ./frontend
ENV NX_DAEMON=false NX_NO_CLOUD=true
RUN npx nx run-many -t build

FROM node:20-bookworm-slim AS service
ARG SERVICE
ENV NODE_ENV=production SERVICE=${SERVICE}
WORKDIR /app
COPY package.json package-lock.json ./
COPY .ci/complete-lockfile.mjs .ci/
COPY libs/contracts/package.json libs/contracts/
COPY libs/queue-runtime/package.json libs/queue-runtime/
COPY libs/db/package.json libs/db/
COPY libs/handovers/package.json libs/handovers/
COPY libs/offline-engine/package.json libs/offline-engine/
COPY services/${SERVICE}/package.json services/${SERVICE}/
# Production dependencies of this one service only (and the libraries it links to).
RUN node .ci/complete-lockfile.mjs && npm ci --omit=dev --no-audit --no-fund --workspace "@lectern/${SERVICE}" && npm cache clean --force
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/queue-runtime/dist libs/queue-runtime/dist
COPY --from=build /app/libs/db/dist libs/db/dist
COPY --from=build /app/libs/handovers/dist libs/handovers/dist
COPY --from=build /app/libs/offline-engine/dist libs/offline-engine/dist
COPY --from=build /app/services/${SERVICE}/dist services/${SERVICE}/dist
COPY --from=build /app/frontend/dist frontend/dist
# The media worker prepares recordings with Debian's ffmpeg (on the PATH, where it finds it); no other image has it.
RUN if [ "$SERVICE" = "media" ]; then \
      apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*; \
    fi
# The export volume's mount point, owned by the user the processes run as (a new named volume copies it).
RUN mkdir -p /var/lib/lectern/exports && chown node:node /var/lib/lectern/exports
USER node
# The entry is the service's package.json "main": the gateway's dist/main.js, a worker's dist/worker.js.
CMD ["sh", "-c", "exec node services/${SERVICE}"]
