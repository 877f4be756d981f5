/**
 * The deploy files (issue 20 "Deployment at scale"): every Kubernetes manifest under deploy/k8s validates
 * against the Kubernetes schemas (kubernetes-models, offline, plus a strict pass that names unknown fields) and
 * deploy/docker-compose.yml against the vendored Compose schema and its lint rules (deploy/validate.mjs). The
 * validator itself is shown to refuse broken copies, and the manifests are checked for what the deployment
 * depends on: probes on the health endpoints, the judge's sandbox needs, the queue-depth autoscaler, the RWX volume.
 */
import { execFile } from 'child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'fs';
import * as yaml from 'js-yaml';
import { tmpdir } from 'os';
import * as path from 'path';

const REPO = path.resolve(__dirname, '../..');
const DEPLOY = path.join(REPO, 'deploy');
const K8S = path.join(DEPLOY, 'k8s');

interface Outcome {
  code: number;
  documents: number;
  errors: string[];
}

function validate(files: string[] = []): Promise<Outcome> {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [path.join(DEPLOY, 'validate.mjs'), ...files], { cwd: REPO }, (err, stdout) => {
      try {
        const out = JSON.parse(stdout.trim().split('\n').pop() ?? '') as { documents: number; errors: string[] };
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, ...out });
      } catch {
        reject(err ?? new Error(`no JSON from validate.mjs: ${stdout}`));
      }
    }),
  );
}

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const manifests: Obj[] = readdirSync(K8S)
  .filter((f) => /\.ya?ml$/.test(f))
  .flatMap((f) => yaml.loadAll(readFileSync(path.join(K8S, f), 'utf8')) as Obj[])
  .filter(Boolean);
const find = (kind: string, name: string) => manifests.find((m) => m.kind === kind && m.metadata?.name === name) as Obj;

describe('deploy files', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'oj-deploy-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('every manifest and the compose file validate', async () => {
    const out = await validate();
    expect(out.errors).toEqual([]);
    expect(out.code).toBe(0);
    expect(out.documents).toBe(manifests.length + 1);
  });

  it('refuses a manifest with a wrong type, a misspelt field or an unknown kind', async () => {
    const backend = structuredClone(find('Deployment', 'oj-backend'));
    backend.spec.replicas = 'three';
    backend.spec.template.spec.containers[0].readinessProbe.periodSecond = 5;
    const file = path.join(scratch, 'broken.yaml');
    writeFileSync(file, yaml.dump(backend) + '---\n' + yaml.dump({ apiVersion: 'apps/v1', kind: 'Deploymnet', metadata: { name: 'x' } }));
    const out = await validate([file]);
    expect(out.code).toBe(1);
    expect(out.errors.join('\n')).toMatch(/replicas must be integer/);
    expect(out.errors.join('\n')).toMatch(/periodSecond/);
    expect(out.errors.join('\n')).toMatch(/unknown apiVersion\/kind apps\/v1 Deploymnet/);
  });

  it('refuses a compose file outside the Compose schema or breaking its lint rules', async () => {
    const compose = yaml.load(readFileSync(path.join(DEPLOY, 'docker-compose.yml'), 'utf8')) as Obj;
    compose.services.judge.cgroup = 'privat';
    compose.services.backend.environment.JWT_SECRET = 'written-here';
    compose.services.backend.volumes = ['nowhere:/var/lib/oj'];
    delete compose.services.redis.restart;
    const file = path.join(DEPLOY, 'docker-compose.test-broken.yml');
    writeFileSync(file, yaml.dump(compose));
    try {
      const out = await validate([file]);
      const text = out.errors.join('\n');
      expect(out.code).toBe(1);
      expect(text).toMatch(/\/services\/judge\/cgroup/);
      expect(text).toMatch(/JWT_SECRET is written in the file/);
      expect(text).toMatch(/undeclared volume nowhere/);
      expect(text).toMatch(/service redis has no restart policy/);
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('docker compose up in deploy/ needs no settings: secrets made once, the judge token shared, demo content on', () => {
    const text = readFileSync(path.join(DEPLOY, 'docker-compose.yml'), 'utf8');
    // A ${VAR:?message} stops `docker compose up` until VAR is set.
    expect(text).not.toMatch(/\$\{[A-Z_]+:\?/);
    const { services } = yaml.load(text) as Obj;
    const tokenFile = '/run/oj-secrets/judge-token';
    expect(services['judge-token'].volumes).toEqual(['ojsecrets:/run/oj-secrets']);
    expect(services['judge-token'].command.join(' ')).toContain(`const f = '${tokenFile}'; if (!fs.existsSync(f)) fs.writeFileSync(f,`);
    for (const name of ['backend', 'judge']) {
      const svc = services[name];
      expect(svc.volumes).toContain('ojsecrets:/run/oj-secrets:ro');
      expect(svc.environment.JUDGE_TOKEN).toBe('${JUDGE_TOKEN:-}');
      // $$ is a literal $ for the container's shell: a JUDGE_TOKEN given wins over the file.
      expect(svc.command[2]).toBe(
        `JUDGE_TOKEN="$\${JUDGE_TOKEN:-$$(cat ${tokenFile})}" exec node ${name === 'backend' ? 'backend' : 'judge-sandbox'}/dist/${name === 'backend' ? 'main' : 'worker'}.js`,
      );
      expect(svc.depends_on['judge-token']).toEqual({ condition: 'service_completed_successfully' });
    }
    expect(services.backend.environment).toMatchObject({ JWT_SECRET: '${JWT_SECRET:-}', DEMO: '${DEMO:-1}' });
    expect(services.backend.healthcheck.test.join(' ')).toContain("fetch('http://127.0.0.1:8080/api/health/ready')");
    expect(services.judge.depends_on.backend).toEqual({ condition: 'service_healthy' });
  });

  it('the judge image installs its packages through the set-up check that npm start, npm test and CI run', () => {
    const dockerfile = readFileSync(path.join(DEPLOY, 'judge.Dockerfile'), 'utf8');
    expect(dockerfile).toContain('COPY scripts/setup-judge-host.js scripts/setup-judge-host.js');
    expect(dockerfile).toContain('JUDGE_LANGUAGES=all node scripts/setup-judge-host.js --for judge');
    // One package list: none of its own beside the script's.
    expect(dockerfile).not.toMatch(/apt-get install[^&]*\b(gcc|bubblewrap|openjdk)/);
    expect(readFileSync(path.join(REPO, '.ci/run'), 'utf8')).toContain('node scripts/setup-judge-host.js --for ci');
    const ignored = readFileSync(path.join(REPO, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.data']) expect(ignored).toContain(entry);
  });

  it('the backend is replicated behind probes on the health endpoints, a Service and an Ingress', () => {
    const backend = find('Deployment', 'oj-backend');
    expect(backend.spec.replicas).toBeGreaterThanOrEqual(2);
    const container = backend.spec.template.spec.containers[0];
    expect(container.livenessProbe.httpGet.path).toBe('/api/health/live');
    expect(container.readinessProbe.httpGet.path).toBe('/api/health/ready');
    const service = find('Service', 'oj-backend');
    expect(service.spec.selector).toEqual(backend.spec.selector.matchLabels);
    const ingress = find('Ingress', 'oj');
    expect(ingress.spec.rules[0].http.paths[0].backend.service.name).toBe('oj-backend');
    // The secrets and settings come from the Secret and ConfigMap, the data from the RWX claim.
    expect(container.envFrom.map((e: Obj) => e.configMapRef?.name ?? e.secretRef?.name)).toEqual(['oj-config', 'oj-secrets']);
    const claim = backend.spec.template.spec.volumes.find((v: Obj) => v.persistentVolumeClaim).persistentVolumeClaim.claimName;
    expect(find('PersistentVolumeClaim', claim).spec.accessModes).toEqual(['ReadWriteMany']);
    expect(find('Service', 'oj-postgres').spec.type).toBe('ExternalName');
    expect(find('Service', 'oj-redis').spec.type).toBe('ExternalName');
  });

  it('the judge gets what bubblewrap needs and scales on the queue depth', () => {
    const judge = find('Deployment', 'oj-judge').spec.template.spec.containers[0];
    expect(judge.securityContext.capabilities.add).toContain('SYS_ADMIN');
    expect(judge.securityContext.seccompProfile).toEqual({ type: 'Localhost', localhostProfile: 'oj-judge.json' });
    expect(judge.securityContext.appArmorProfile.type).toBe('Unconfined');
    expect(judge.args.join(' ')).toMatch(/remount,rw \/sys\/fs\/cgroup/);
    const hpa = find('HorizontalPodAutoscaler', 'oj-judge');
    expect(hpa.spec.scaleTargetRef.name).toBe('oj-judge');
    expect(hpa.spec.metrics[0].type).toBe('External');
    const metric = hpa.spec.metrics[0].external.metric.name;
    expect(find('ConfigMap', 'prometheus-adapter-oj').data['config.yaml']).toContain(`as: ${metric}`);
  });
});
