# Fabricum's container image (docs/guides/operations.md, "Containers"). Three stages:
#   build   — every dependency, the sources, `react-router build`; also the image for commands
#             (`docker compose run --rm admin …`: npm run admin needs tsx, a dev dependency);
#   runtime — production dependencies only, the build, the migrations, a non-root user.
# Tested by tests/integration/container.test.ts where a Docker daemon runs (and checked
# without one).

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NODE_ENV=development
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx react-router build

FROM node:24-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only (no Vite, no test tools): a smaller image with less in it.
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    BUILD_DIR=/app/build
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
COPY scripts/start.mjs ./scripts/start.mjs
COPY db/migrations ./db/migrations
COPY config ./config
# scripts/start.mjs rebuilds when a source is newer than the build: there are no sources here,
# and the build must count as newer than the migrations copied beside it.
RUN touch build/server/index.js \
    && mkdir -p /data \
    && chown node:node /data
# The image's own unprivileged user (uid 1000), never root.
USER node
VOLUME ["/data"]
EXPOSE 3000
# /healthz answers while the process runs (no database): a hung database must not get the
# container restarted. The image has no curl; Node's fetch does it.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start.mjs"]
