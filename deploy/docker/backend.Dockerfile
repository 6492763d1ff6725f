# syntax=docker/dockerfile:1
#
# The backend (REST, SockJS chat, the live stream): the esbuild bundle, the backend workspace's
# production dependencies and the SQL migrations it reads at run time; configured at start by its
# environment (DATABASE_URL, REDIS_URL, JWT_SECRET, S3_*, …; README, "Configuration").
#
#   docker build -f deploy/docker/backend.Dockerfile -t everyhealth-backend .
#
# The same image runs the one-shot migration before a rollout:
#
#   docker run --rm -e DATABASE_URL=… everyhealth-backend node --enable-source-maps dist/migrate.js
#
# Every RUN, CMD and HEALTHCHECK command is one of deploy/commands.mjs, the list the scale-out
# rehearsal runs (scripts/deploy/deploy.test.mjs checks it); the Node version is .nvmrc's.

# --- deps: every dependency from the lockfile (the bundler is a dev dependency) -----------------
# (The same stage as app.Dockerfile's, so a builder caches it once for both images.)
FROM node:24.21.0-bookworm-slim AS deps
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1 NO_UPDATE_NOTIFIER=1
COPY package.json package-lock.json ./
COPY backend/package.json backend/
RUN --mount=type=cache,target=/root/.npm ["npm", "ci"]

# --- build: the backend bundle (backend/dist/main.js, migrate.js, heif-worker.js) ---------------
# It takes lib/contract and friends from the checkout, hence the whole context.
FROM deps AS build
COPY . .
RUN ["npm", "run", "build", "-w", "backend"]

# --- runtime-deps: the backend workspace's production dependencies only -------------------------
# Installed on the runtime's platform, so sharp's prebuilt @img/sharp-linux-* binaries (and its
# libvips) are the ones this image needs. Hoisted ones land in node_modules/, the backend's own
# versions of a few in backend/node_modules/.
FROM node:24.21.0-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
RUN --mount=type=cache,target=/root/.npm ["npm", "ci", "--omit=dev", "--workspace", "backend", "--include-workspace-root=false"]

# --- runtime --------------------------------------------------------------------------------------
FROM node:24.21.0-bookworm-slim AS runtime
# DATA_DIR: the backend's scratch folder (only used when JWT_SECRET or S3 are not set, which a
# deployment sets); under /tmp so the root file system can stay read-only.
ENV NODE_ENV=production BACKEND_HOST=0.0.0.0 BACKEND_PORT=8080 DATA_DIR=/tmp/everyhealth
WORKDIR /app/backend
# Owned by root and read-only to the process: it writes nothing beside itself.
COPY --from=runtime-deps /app/node_modules /app/node_modules
COPY --from=runtime-deps /app/backend/node_modules ./node_modules
# The package root (the backend finds it by this file's name) and the migrations it applies.
COPY backend/package.json ./
COPY backend/src/db/migrations ./src/db/migrations
COPY --from=build /src/backend/dist ./dist
# `node`, by number: Kubernetes' runAsNonRoot can only verify a numeric user.
USER 1000:1000
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.BACKEND_PORT||8080)+'/healthz',{signal:AbortSignal.timeout(2500)}).then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/main.js"]
