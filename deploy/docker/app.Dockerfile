# syntax=docker/dockerfile:1
#
# The Next app (browser pages, the BFF, proxy.ts): one image for every environment, configured at
# start by its environment (PUBLIC_URL, BACKEND_URL, CHAT_URL, IMAGE_BASE_URL, …; README,
# "Configuration"). Nothing URL-like is baked into the build.
#
#   docker build -f deploy/docker/app.Dockerfile -t everyhealth-app .
#
# The build context is the checkout (see .dockerignore). Every RUN, CMD and HEALTHCHECK command is
# one of deploy/commands.mjs, the list the scale-out rehearsal runs (scripts/deploy/deploy.test.mjs
# checks it); the Node version is .nvmrc's.

# --- deps: every dependency from the lockfile (the build needs the dev ones) --------------------
# (The same stage as backend.Dockerfile's, so a builder caches it once for both images.)
FROM node:24.21.0-bookworm-slim AS deps
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1 NO_UPDATE_NOTIFIER=1
COPY package.json package-lock.json ./
COPY backend/package.json backend/
RUN --mount=type=cache,target=/root/.npm ["npm", "ci"]

# --- build: `npm run build`, i.e. the backend bundle and the standalone app ---------------------
FROM deps AS build
COPY . .
RUN ["node", "scripts/start.mjs", "--build-only"]

# --- runtime: the standalone output only (server.js, its traced node_modules, public/, static) --
FROM node:24.21.0-bookworm-slim AS runtime
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0
WORKDIR /app
# Owned by root and read-only to the process: the app writes nothing at run time (no ISR, no
# next/image cache), so the root file system can be read-only too (deploy/kubernetes/app.yaml).
COPY --from=build /src/.next/standalone ./
# `node`, by number: Kubernetes' runAsNonRoot can only verify a numeric user.
USER 1000:1000
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz',{signal:AbortSignal.timeout(2500)}).then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server.js"]
