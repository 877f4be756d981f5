# Backend image: the NestJS API plus the built web app (shell and remotes), served from one origin.
# Build from the repository root:
#   docker build -f deploy/backend.Dockerfile -t oj-backend .
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build -w packages/contracts \
 && npm run build -w backend \
 && npm run build:web \
 && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=8080 DATA_DIR=/var/lib/oj
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages/contracts/package.json packages/contracts/package.json
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=build /app/backend/package.json backend/package.json
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/frontends frontends
# Test data and uploads live under DATA_DIR: share it between replicas (NFS, or one volume on one host).
VOLUME /var/lib/oj
EXPOSE 8080
# Pending migrations run at start (DB_MIGRATIONS_RUN=true, TypeORM takes a lock, so replicas may start together).
CMD ["node", "backend/dist/main.js"]
