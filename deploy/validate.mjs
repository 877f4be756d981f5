#!/usr/bin/env node
/**
 * Validates the deploy files offline: every Kubernetes manifest under deploy/k8s against the Kubernetes
 * OpenAPI schemas that the `kubernetes-models` package ships (one compiled validator per API kind), and
 * deploy/docker-compose.yml against the Compose specification's JSON schema (vendored in deploy/schemas/) plus a
 * few consistency rules. `node deploy/validate.mjs [file...]` prints one JSON line:
 *   {"documents": N, "errors": ["<file> <kind>/<name>: <message>", ...]}
 * and exits 1 when there is an error. Files given on the command line replace the defaults (tests use it).
 */
import { createRequire } from 'module';
import { existsSync, readFileSync, readdirSync } from 'fs';
import * as path from 'path';
import { fileURLToPath, pathToFileURL } from 'url';

const require = createRequire(import.meta.url);
const yaml = require('js-yaml');
const here = path.dirname(fileURLToPath(import.meta.url));
const k8sDir = path.join(here, 'k8s');
const modelsDir = path.dirname(require.resolve('kubernetes-models/package.json', { paths: [here, path.join(here, '../backend')] }));

/** kubernetes-models keeps core/v1 under v1/ and every group under <group>/<version>/. */
function modelFile(apiVersion, kind) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const file = group ? path.join(modelsDir, group, version, `${kind}.js`) : path.join(modelsDir, version, `${kind}.js`);
  return existsSync(file) ? file : undefined;
}

/** Kinds outside the Kubernetes API that the folder may hold, with their own checks. */
function checkKustomization(doc, file, errors) {
  for (const r of doc.resources ?? []) {
    if (!existsSync(path.join(path.dirname(file), r))) errors.push(`${file} Kustomization: resource ${r} does not exist`);
  }
  const listed = new Set(doc.resources ?? []);
  for (const f of readdirSync(path.dirname(file)).filter((f) => /\.ya?ml$/.test(f) && f !== path.basename(file))) {
    if (!listed.has(f)) errors.push(`${file} Kustomization: ${f} is not listed in resources`);
  }
}

async function validateManifest(file, errors) {
  let docs;
  try {
    docs = yaml.loadAll(readFileSync(file, 'utf8')).filter((d) => d != null);
  } catch (e) {
    errors.push(`${file}: YAML: ${e.message}`);
    return 0;
  }
  for (const doc of docs) {
    const where = `${path.relative(process.cwd(), file)} ${doc?.kind}/${doc?.metadata?.name ?? ''}`;
    if (typeof doc !== 'object' || !doc.apiVersion || !doc.kind) {
      errors.push(`${where}: not a Kubernetes object (apiVersion and kind)`);
      continue;
    }
    if (doc.kind === 'Kustomization') {
      checkKustomization(doc, file, errors);
      continue;
    }
    const model = modelFile(doc.apiVersion, doc.kind);
    if (!model) {
      errors.push(`${where}: unknown apiVersion/kind ${doc.apiVersion} ${doc.kind}`);
      continue;
    }
    typed.push({ where, model, doc });
    const Cls = (await import(pathToFileURL(model).href))[doc.kind];
    try {
      new Cls(doc).validate();
    } catch (e) {
      errors.push(`${where}: ${e.message}`);
    }
    if (doc.kind !== 'Namespace' && doc.kind !== 'Kustomization' && !doc.metadata?.namespace)
      errors.push(`${where}: no metadata.namespace`);
  }
  return docs.length;
}

function validateCompose(file, errors) {
  const backend = path.join(here, '../backend');
  const Ajv = require(require.resolve('ajv', { paths: [backend] })).default;
  // The Compose specification's schema (compose-spec/compose-spec schema/compose-spec.json, Apache-2.0), vendored.
  const composeSchema = JSON.parse(readFileSync(path.join(here, 'schemas/compose-spec.json'), 'utf8'));
  const { $schema: _dialect, ...schema } = composeSchema;
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false, logger: false });
  const validate = ajv.compile(schema);
  const doc = yaml.load(readFileSync(file, 'utf8'));
  const rel = path.relative(process.cwd(), file);
  if (!validate(doc)) for (const e of validate.errors) errors.push(`${rel}: ${e.instancePath || '/'} ${e.message}`);
  // Lint: what the schema cannot see.
  const declaredVolumes = new Set(Object.keys(doc.volumes ?? {}));
  for (const [name, svc] of Object.entries(doc.services ?? {})) {
    if (!svc.image && !svc.build) errors.push(`${rel}: service ${name} has neither image nor build`);
    if (svc.build?.dockerfile && !existsSync(path.join(path.dirname(file), svc.build.context ?? '.', svc.build.dockerfile)))
      errors.push(`${rel}: service ${name}: dockerfile ${svc.build.dockerfile} does not exist`);
    if (!svc.restart) errors.push(`${rel}: service ${name} has no restart policy`);
    for (const v of svc.volumes ?? []) {
      const source = typeof v === 'string' ? v.split(':')[0] : v.source;
      if (source && !source.startsWith('/') && !source.startsWith('.') && !declaredVolumes.has(source))
        errors.push(`${rel}: service ${name} uses undeclared volume ${source}`);
    }
    for (const opt of svc.security_opt ?? []) {
      const m = /^seccomp[=:](.+)$/.exec(opt);
      if (m && m[1] !== 'unconfined' && !existsSync(path.join(path.dirname(file), m[1])))
        errors.push(`${rel}: service ${name}: seccomp profile ${m[1]} does not exist`);
    }
    for (const dep of Array.isArray(svc.depends_on) ? svc.depends_on : Object.keys(svc.depends_on ?? {}))
      if (!doc.services[dep]) errors.push(`${rel}: service ${name} depends on unknown service ${dep}`);
    // Secrets come from the environment, never written in the file.
    for (const [key, value] of Object.entries(Array.isArray(svc.environment) ? {} : (svc.environment ?? {}))) {
      if (/SECRET|TOKEN|PASSWORD/.test(key) && typeof value === 'string' && !value.includes('${'))
        errors.push(`${rel}: service ${name}: ${key} is written in the file instead of taken from the environment`);
    }
  }
  return 1;
}

const args = process.argv.slice(2);
const files = args.length
  ? args.map((f) => path.resolve(f))
  : [
      ...readdirSync(k8sDir)
        .filter((f) => /\.ya?ml$/.test(f))
        .sort()
        .map((f) => path.join(k8sDir, f)),
      path.join(here, 'docker-compose.yml'),
    ];
/** Every manifest object with the model file of its kind, for the strict pass. */
const typed = [];

/**
 * Strict pass: the schemas accept unknown fields (Kubernetes only warns about them), so a misspelt field
 * (`periodSecond`) would pass and be dropped by the API server. Each object is written as a TypeScript object
 * literal typed with its kind's interface from kubernetes-models (generated from the same OpenAPI schemas):
 * the compiler's excess-property check names every field the schema does not have.
 */
function strictFields(errors) {
  if (!typed.length) return;
  const ts = require(require.resolve('typescript', { paths: [here] }));
  const virtual = path.join(here, '__manifests_check__.mts');
  const lines = typed.map(({ model, doc }, i) => {
    const spec = path.relative(modelsDir, model).replace(/\\/g, '/').replace(/\.js$/, '');
    return `import type { I${doc.kind} as T${i} } from 'kubernetes-models/${spec.split('/').slice(0, -1).join('/')}';\nexport const m${i}: T${i} = ${JSON.stringify(doc)};`;
  });
  const source = lines.join('\n');
  const options = {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) =>
    path.resolve(name) === virtual ? ts.createSourceFile(name, source, lang) : getSourceFile(name, lang, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === virtual || fileExists(name);
  const program = ts.createProgram([virtual], options, host);
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(d.messageText, ' ');
    if (!d.file || path.resolve(d.file.fileName) !== virtual) {
      errors.push(`strict check: ${message}`);
      continue;
    }
    const line = d.file.getLineAndCharacterOfPosition(d.start ?? 0).line;
    const i = Math.floor(line / 2);
    errors.push(`${typed[i]?.where ?? 'manifest'}: ${message}`);
  }
}

const errors = [];
let documents = 0;
for (const file of files) {
  if (path.basename(file).startsWith('docker-compose')) documents += validateCompose(file, errors);
  else documents += await validateManifest(file, errors);
}
strictFields(errors);
console.log(JSON.stringify({ documents, errors }));
process.exit(errors.length ? 1 : 0);
