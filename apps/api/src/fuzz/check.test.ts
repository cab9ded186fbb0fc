import { describe, expect, it } from 'vitest';
import { checkAnswer } from './check.js';
import {
  buildRequest,
  listOperations,
  variantOf,
  INVALID_VARIANTS,
  type OpenApiDocument,
  type Schema,
} from './generator.js';
import { Random } from './random.js';

const envelope = {
  type: 'object',
  properties: {
    success: { type: 'boolean', enum: [false] },
    code: { type: 'string' },
    message: { type: 'string' },
  },
  required: ['success', 'code', 'message'],
};
const doc: OpenApiDocument = {
  paths: {
    '/api/things/{id}': {
      put: {
        parameters: [
          {
            in: 'path',
            name: 'id',
            required: true,
            schema: { type: 'integer', minimum: 0, exclusiveMinimum: true },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { name: { type: 'string', minLength: 2 } },
                required: ['name'],
              },
            },
          },
        },
        responses: {
          200: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { id: { type: 'integer' }, note: { type: 'string', nullable: true } },
                  required: ['id'],
                },
              },
            },
          },
          400: { content: { 'application/json': { schema: envelope } } },
          500: { content: { 'application/json': { schema: envelope } } },
        },
      },
    },
  },
};
const [op] = listOperations(doc);
const json = (statusCode: number, body: unknown) => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});
const kinds = (answer: ReturnType<typeof json>) => checkAnswer(op!, answer, doc).map((f) => f.kind);

describe('the fuzz checks', () => {
  it('accept an answer within the contract (nullable fields included)', () => {
    expect(kinds(json(200, { id: 3, note: null }))).toEqual([]);
    expect(kinds(json(400, { success: false, code: 'VALIDATION_ERROR', message: 'Bad' }))).toEqual(
      [],
    );
  });

  it('report a 5xx even when documented, an undocumented status, a schema mismatch and a refusal without the envelope', () => {
    expect(kinds(json(500, { success: false, code: 'INTERNAL', message: 'Oops' }))).toEqual([
      '5xx:500',
    ]);
    expect(kinds(json(404, { success: false, code: 'NOT_FOUND', message: 'No' }))).toEqual([
      'undocumented-status:404',
    ]);
    expect(kinds(json(200, { id: 'three' }))).toEqual(['schema-mismatch:200']);
    expect(kinds(json(400, { error: 'Bad Request', statusCode: 400 }))).toEqual([
      'no-envelope:400',
    ]);
    expect(
      kinds({ statusCode: 400, headers: { 'content-type': 'text/plain' }, body: 'Bad' }),
    ).toEqual(['no-envelope:400']);
  });
});

describe('a nullable enum', () => {
  it('takes null only when its values list it, as OpenAPI 3.0.3 reads it', () => {
    const history = (fromStatus: Schema) => ({
      paths: {
        '/api/history': {
          get: {
            responses: {
              200: { content: { 'application/json': { schema: { type: 'object', properties: { from_status: fromStatus } } } } },
            },
          },
        },
      },
    });
    const withoutNull = history({ type: 'string', nullable: true, enum: ['pending'] });
    const withNull = history({ type: 'string', nullable: true, enum: ['pending', null] });
    const answer = json(200, { from_status: null });
    expect(checkAnswer(listOperations(withoutNull)[0]!, answer, withoutNull).map((f) => f.kind)).toEqual([
      'schema-mismatch:200',
    ]);
    expect(checkAnswer(listOperations(withNull)[0]!, answer, withNull)).toEqual([]);
  });
});

describe('the fuzz generator', () => {
  it('repeats itself for a seed and goes round every kind of breakage', () => {
    const pool = { things: [7] };
    const run = () =>
      Array.from({ length: 20 }, (_, i) =>
        buildRequest(op!, variantOf(i, 0), new Random(42 + i), pool, doc),
      );
    expect(run()).toEqual(run());
    const variants = new Set(Array.from({ length: 60 }, (_, i) => variantOf(i, 3)));
    expect(variants).toEqual(new Set(['valid', ...INVALID_VARIANTS]));
    const valid = buildRequest(op!, 'valid', new Random(1), { things: [7] }, doc);
    expect(valid.url).toMatch(/^\/api\/things\/\d+$/);
    expect(JSON.parse(String(valid.payload))).toHaveProperty('name');
  });
});
