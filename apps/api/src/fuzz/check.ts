import { Ajv, type ValidateFunction } from 'ajv';
import type { Operation, OpenApiDocument, Schema } from './generator.js';

/**
 * Checks one answer against the operation's documented contract: no 5xx, a documented status,
 * a JSON body valid against that status's schema (Ajv) and the error envelope on every refusal.
 */

const ajv = new Ajv({ strict: false, allErrors: false });

/** OpenAPI 3.0 schema → JSON Schema: `nullable`, boolean exclusive bounds. */
export function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (!value || typeof value !== 'object') return value;
  const s: Schema = {};
  for (const [key, inner] of Object.entries(value)) s[key] = toJsonSchema(inner);
  for (const bound of ['Minimum', 'Maximum'] as const) {
    const exclusive = s[`exclusive${bound}`];
    if (typeof exclusive === 'boolean') {
      if (exclusive) s[`exclusive${bound}`] = s[bound.toLowerCase()];
      else delete s[`exclusive${bound}`];
      if (exclusive) delete s[bound.toLowerCase()];
    }
  }
  if (s.nullable === true) {
    delete s.nullable;
    // An `enum` keeps its own values: in OpenAPI 3.0.3 a nullable enum lists null itself.
    if (typeof s.type === 'string') s.type = [s.type, 'null'];
    else return { anyOf: [s, { type: 'null' }] };
  }
  return s;
}

const compiled = new Map<Schema, ValidateFunction | Error>();

function validatorFor(schema: Schema, doc: OpenApiDocument): ValidateFunction | Error {
  let validator = compiled.get(schema);
  if (!validator) {
    try {
      validator = ajv.compile({
        ...(toJsonSchema(schema) as Schema),
        components: toJsonSchema(doc.components ?? {}),
      });
    } catch (error) {
      validator = error instanceof Error ? error : new Error(String(error));
    }
    compiled.set(schema, validator);
  }
  return validator;
}

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

export interface Finding {
  /** e.g. `5xx`, `undocumented-status:413`, `schema-mismatch:200`, `no-envelope:400`. */
  kind: string;
  detail: string;
}

const ERROR_CODE = /^[A-Z][A-Z_]*$/;

export function checkAnswer(op: Operation, answer: Answer, doc: OpenApiDocument): Finding[] {
  const findings: Finding[] = [];
  const status = answer.statusCode;
  const documented = op.responses.has(status);
  const contentType = String(answer.headers['content-type'] ?? '');
  let json: unknown;
  let parsed = false;
  if (contentType.includes('json') && answer.body.length > 0) {
    try {
      json = JSON.parse(answer.body);
      parsed = true;
    } catch {
      findings.push({ kind: `invalid-json:${status}`, detail: answer.body.slice(0, 160) });
    }
  }
  const summary = parsed ? JSON.stringify(json).slice(0, 200) : answer.body.slice(0, 120);

  // A 502/503 the route documents (mail server or Google not reachable or not configured) is its
  // contract; every other 5xx is a crash.
  if (status >= 500 && !(documented && (status === 502 || status === 503))) {
    findings.push({ kind: `5xx:${status}`, detail: summary });
  }
  if (!documented) {
    findings.push({ kind: `undocumented-status:${status}`, detail: summary });
  }
  if (status >= 400) {
    const envelope = json as
      { success?: unknown; code?: unknown; message?: unknown; details?: unknown } | undefined;
    const ok =
      parsed &&
      envelope !== null &&
      typeof envelope === 'object' &&
      envelope.success === false &&
      typeof envelope.code === 'string' &&
      ERROR_CODE.test(envelope.code) &&
      typeof envelope.message === 'string' &&
      envelope.message.length > 0 &&
      (envelope.details === undefined || Array.isArray(envelope.details)) &&
      Object.keys(envelope).every((key) => ['success', 'code', 'message', 'details'].includes(key));
    if (!ok) findings.push({ kind: `no-envelope:${status}`, detail: summary });
  }
  const schema = op.responses.get(status);
  // A refusal without the envelope is reported once, not again as a schema mismatch.
  const reported = findings.some((finding) => finding.kind.startsWith('no-envelope'));
  // A redirect's answer is its Location, not a JSON body.
  const redirect = status >= 300 && status < 400;
  if (documented && schema && !reported && !redirect) {
    if (!parsed) {
      if (status !== 204)
        findings.push({ kind: `not-json:${status}`, detail: `${contentType} ${summary}` });
    } else {
      const validate = validatorFor(schema, doc);
      if (validate instanceof Error) {
        findings.push({
          kind: `unresolvable-schema:${status}`,
          detail: validate.message.slice(0, 200),
        });
      } else if (!validate(json)) {
        const error = validate.errors?.[0];
        findings.push({
          kind: `schema-mismatch:${status}`,
          detail: `${error?.instancePath || '/'} ${error?.message ?? ''} — ${summary}`,
        });
      }
    }
  }
  return findings;
}
