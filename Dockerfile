# One image, one process: the API serves the built web app
# (docs/decisions/001-one-process-typescript-run-by-tsx.md). Run as many as needed behind a load
# balancer: each migrates at start under a PostgreSQL advisory lock.
# Build: docker build -t techbazaar .   Run: see compose.yaml and docs/deploy.md.
# Node 24 (an LTS line, the one CI tests: docs/decisions/077-node-versions.md) on Debian 12, the
# Debian the development machines and CI run; both stages use the same tag, so native modules (sharp, argon2) are installed for the runtime's Node.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w apps/web

FROM node:24-bookworm-slim
# DejaVu renders the rupee sign in generated images and invoices.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# HOST: listen on every interface (the default is loopback only); NODE_ENV=production means no
# demo data, no sandbox gateway, no API docs, and a start without SMTP_URL is refused.
# NODE_OPTIONS: the V8 old space `npm start` also gives the server (decision 101): capped, the heap
# grows to about 1.4 times what it holds instead of up to 4 times; override it with the variable.
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data NODE_OPTIONS=--max-old-space-size=512
COPY --from=build /app /app
RUN npm prune --omit=dev \
  && mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only (/api/health touches no dependency); orchestrators route traffic on /api/ready.
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--import", "tsx", "apps/api/src/server.ts"]
