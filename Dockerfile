# syntax=docker/dockerfile:1
# The shop as a container (docs/operations.md, «Containers»). Two stages: the build stage has the dev
# dependencies and makes dist/ (browser app, server renderer, compiled server); the runtime stage has only
# the `dependencies` (no devDependencies: test/server/deploy-files.test.ts) and dist/, runs as the unprivileged `node` user, and starts `node dist/api/main.js`.
# test/e2e/production-start.test.ts runs the runtime stage's commands on every `npm test`.
ARG NODE_IMAGE=node:22-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The lock names the lint runner by its folder (a dev dependency), so npm wants the folder.
COPY tools/biome-runner tools/biome-runner
RUN npm ci --no-audit --no-fund
COPY . .
# The API base the browser app calls (README, «Configuration»); "/" is the same origin.
ARG VITE_API_BASE_URL=/
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
# SEED_PRODUCTS=0: the image starts a real shop — the administrator and the required pages, no demo
# catalogue or promo codes (docs/operations.md, «Empty production start»); set it to get a demo.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    SEED_PRODUCTS=0
WORKDIR /app
COPY package.json package-lock.json ./
COPY tools/biome-runner tools/biome-runner
# Only `dependencies`: what the compiled server and renderer import (browser-only packages, Biome and
# its binaries are dev dependencies). Optional dependencies stay: sharp and argon2 load their platform
# binaries from them.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# DATA_DIR: the embedded database and local files when no DATABASE_URL / FILE_STORE=s3 is given.
# With DATABASE_URL the container must also get STAFF_TOTP_KEY (the second factor's key, never baked
# into the image; docs/operations.md, «The second factor's key»): without it the start stops with a message.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only (a slow database is no reason to restart); the proxy routes by /readyz.
HEALTHCHECK --interval=15s --timeout=3s --start-period=180s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: stop accepting, finish requests in flight (SHUTDOWN_TIMEOUT_SECONDS, default 10), exit.
STOPSIGNAL SIGTERM
# A bounded JavaScript heap: V8 otherwise lets garbage grow far beyond the live data on a machine with
# memory to spare, and a young generation of 4 MB semi-spaces (docs/performance.md «Memory»); the same
# flags as `npm run serve`.
CMD ["node", "--max-old-space-size=256", "--max-semi-space-size=4", "dist/api/main.js"]
