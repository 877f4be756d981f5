# Judge worker image: the judge-sandbox package with bubblewrap and the toolchains it offers.
# Build from the repository root:
#   docker build -f deploy/judge.Dockerfile -t oj-judge .
# Run (see deploy/README-judge.md for why each option is needed):
#   docker run -d --name oj-judge --cgroupns=private --cap-add SYS_ADMIN \
#     --security-opt seccomp=deploy/judge-seccomp.json --security-opt apparmor=unconfined \
#     -v /sys/fs/cgroup:/sys/fs/cgroup:rw \
#     -e REDIS_URL=redis://redis:6379 -e JUDGE_TOKEN=... oj-judge
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY judge-sandbox judge-sandbox
RUN npm ci --workspace packages/contracts --workspace judge-sandbox --include-workspace-root=false --ignore-scripts \
 && npx tsc -p packages/contracts \
 && npm run build -w judge-sandbox \
 && npm prune --omit=dev --workspace judge-sandbox --workspace packages/contracts --ignore-scripts

FROM node:20-bookworm-slim
WORKDIR /app
# util-linux: prlimit; tini: reaps orphans (pid 1 must reap, or killed sandboxes linger as zombies). Then bubblewrap
# and the toolchains of every language the worker offers, installed by the set-up check that npm start, npm test and
# CI use (one list: scripts/setup-judge-host.js; Debian's nodejs gives the sandbox its /usr/bin/node, as /usr/local
# is not mounted). It fails the build if anything is still missing.
COPY scripts/setup-judge-host.js scripts/setup-judge-host.js
RUN apt-get update \
 && apt-get install -y --no-install-recommends util-linux tini \
 && JUDGE_LANGUAGES=all node scripts/setup-judge-host.js --for judge \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages/contracts/package.json packages/contracts/package.json
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=build /app/judge-sandbox/package.json judge-sandbox/package.json
COPY --from=build /app/judge-sandbox/dist judge-sandbox/dist
COPY --from=build /app/judge-sandbox/testlib judge-sandbox/testlib
ENV JUDGE_CACHE_DIR=/var/cache/oj-judge \
    JUDGE_WORK_DIR=/var/lib/oj-judge/work
VOLUME /var/cache/oj-judge
# The worker runs as root inside the container to manage cgroups; every sandboxed program runs
# under its own unprivileged uid (100000+) in fresh user, pid, mount, net, ipc and uts namespaces.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "judge-sandbox/dist/worker.js"]
