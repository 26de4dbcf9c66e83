// Validates Kubernetes manifests against the official API schemas, strictly, as
// `kubeconform -strict` does: the npm package kubernetes-models carries validators generated from
// Kubernetes' OpenAPI spec. Used by helm-chart.test.ts, and from the command line on rendered YAML:
//   helm-render --name bourse deploy/helm/bourse | node scripts/kube-validate.ts
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';

/** A parsed manifest: what every Kubernetes object has, the rest left to the schema. */
export type KubeObject = { apiVersion: string; kind: string; metadata?: { name?: string }; [field: string]: unknown };

type Validator = { prototype: { validate(this: unknown): void } };
type AjvError = { instancePath: string; message?: string };

/**
 * Parses a YAML stream into its objects, the way Kubernetes reads YAML (1.1: `yes` is a boolean),
 * rejecting duplicate keys as the API server's strict decoding does.
 */
export function parseManifests(text: string): KubeObject[] {
  return parseAllDocuments(text, { version: '1.1', uniqueKeys: true }).flatMap((doc) => {
    if (doc.errors.length > 0) throw new Error(`YAML error: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) return [];
    if (typeof value !== 'object' || Array.isArray(value)) throw new Error(`a document is not an object: ${JSON.stringify(value)}`);
    return [value as KubeObject];
  });
}

/** The model of an apiVersion/kind: kubernetes-models/<group>/<version>/<Kind> (core: v1/<Kind>). */
async function validatorFor(apiVersion: string, kind: string): Promise<Validator | undefined> {
  // Both become an import path: only what Kubernetes' own names look like.
  if (!/^([a-z0-9.-]+\/)?v[0-9a-z]+$/.test(apiVersion) || !/^[A-Z][A-Za-z0-9]*$/.test(kind)) return undefined;
  try {
    const module = (await import(/* @vite-ignore */ `kubernetes-models/${apiVersion}/${kind}`)) as Record<string, Validator>;
    return module[kind];
  } catch {
    return undefined;
  }
}

/**
 * Wraps an object so that every field the validator reads is recorded per JSON path. The generated
 * validators read each property their schema declares (present or not) and every key of a map
 * (additionalProperties); a field present that nothing read is one the schema does not have.
 */
function recordReads(value: unknown, path: string, reads: Map<string, { value: object; read: Set<string> }>): unknown {
  if (value === null || typeof value !== 'object') return value;
  const read = new Set<string>();
  reads.set(path, { value, read });
  return new Proxy(value, {
    get(target, key, receiver) {
      const field = Reflect.get(target, key, receiver);
      if (typeof key !== 'string') return field;
      read.add(key);
      return Object.hasOwn(target, key) ? recordReads(field, `${path}/${key}`, reads) : field;
    },
    has(target, key) {
      if (typeof key === 'string') read.add(key);
      return Reflect.has(target, key);
    },
  });
}

/** Fields of `reads` that the schema did not declare. Objects the validator read nothing of are free-form (no properties in their schema). */
function unknownFields(reads: Map<string, { value: object; read: Set<string> }>): string[] {
  const unknown: string[] = [];
  for (const [path, { value, read }] of reads) {
    if (Array.isArray(value) || read.size === 0) continue;
    for (const key of Object.keys(value)) if (!read.has(key)) unknown.push(`${path}/${key}: unknown field "${key}"`);
  }
  return unknown;
}

/**
 * Validates one object against its Kubernetes schema. Returns the problems, each naming the
 * field by its JSON path (`/spec/replicas: must be integer`); empty when the object is valid.
 */
export async function validateManifest(object: KubeObject): Promise<string[]> {
  // The models also keep APIs that Kubernetes has since removed (all of them beta, as GA APIs are
  // never removed); alpha and beta APIs are off by default or gone from current clusters.
  if (/(alpha|beta)[0-9]*$/.test(object.apiVersion)) return [`apiVersion ${object.apiVersion} is not a stable (GA) API: removed from or off by default on current clusters`];
  const Model = await validatorFor(object.apiVersion, object.kind);
  if (!Model) return [`no Kubernetes schema for apiVersion ${object.apiVersion}, kind ${object.kind}`];
  const reads = new Map<string, { value: object; read: Set<string> }>();
  let invalid: string[] = [];
  try {
    Model.prototype.validate.call(recordReads(object, '', reads));
  } catch (error) {
    const errors = (error as { errors?: AjvError[] }).errors;
    if (!errors) throw error;
    invalid = errors.map((e) => `${e.instancePath || '/'}: ${e.message ?? 'invalid'}`);
  }
  // The validators report every error (they do not stop at the first), so every field was read.
  return [...invalid, ...unknownFields(reads)];
}

/** Every problem of a YAML stream, each prefixed with the object it is in; empty when all are valid. */
export async function validateManifests(text: string): Promise<string[]> {
  const problems: string[] = [];
  for (const object of parseManifests(text)) {
    const where = `${object.kind ?? '?'} ${object.metadata?.name ?? '?'}`;
    for (const problem of await validateManifest(object)) problems.push(`${where}: ${problem}`);
  }
  return problems;
}

if (import.meta.main) {
  const text = readFileSync(process.argv[2] ?? 0, 'utf8');
  try {
    const problems = await validateManifests(text);
    for (const problem of problems) console.error(problem);
    console.log(`${parseManifests(text).length} objects, ${problems.length} problems`);
    process.exit(problems.length > 0 ? 1 : 0);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
