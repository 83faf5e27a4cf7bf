import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const PUBLIC_URL = 'https://pay.sente.test';
let t: TestApp;
let source: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  source = res.body;
}, 60_000);
afterAll(() => t?.close());

type Problem = { ruleId: string; severity: string; message: string; location: { pointer?: string }[] };
const described = (problem: Problem) =>
  `${problem.ruleId}: ${problem.message} (${problem.location.map((where) => where.pointer).join(', ')})`;

describe('the /v1 OpenAPI document under an independent linter (Redocly, recommended rules)', () => {
  it('has no error and no warning (warnings are listed when it fails)', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = (await lintFromString({ source, absoluteRef: `${PUBLIC_URL}/v1/openapi.json`, config })) as Problem[];
    expect(problems.filter((problem) => problem.severity === 'error').map(described), 'errors').toEqual([]);
    expect(problems.map(described), 'warnings').toEqual([]);
  });

  it('names every operation and declares the headers the API sends', () => {
    type Operation = { operationId?: string; responses: Record<string, { headers?: Record<string, unknown> }> };
    const document = JSON.parse(source) as {
      info: { license?: { name: string } };
      servers: { url: string }[];
      paths: Record<string, Record<string, Operation>>;
    };
    expect(document.info.license?.name).toBeTruthy();
    expect(document.servers).toEqual([{ url: PUBLIC_URL }]);
    const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({ where: `${method} ${path}`, method, operation })),
    );
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size, 'operationIds are unique').toBe(operations.length);
    for (const { where, method, operation } of operations) {
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      const success = operation.responses[method === 'post' ? '201' : '200']!;
      const limitHeaders = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];
      expect(Object.keys(success.headers ?? {}).sort(), where).toEqual(
        [...limitHeaders, ...(method === 'post' ? ['Idempotent-Replayed'] : [])].sort(),
      );
      expect(Object.keys(operation.responses['429']?.headers ?? {}).sort(), `${where} 429`).toEqual(
        [...limitHeaders, 'Retry-After'].sort(),
      );
      expect(Object.keys(operation.responses['401']?.headers ?? {}).sort(), `${where} 401`).toEqual(
        [...limitHeaders, 'WWW-Authenticate'].sort(),
      );
    }
  });
});

describe('the /v1 OpenAPI document under a second validator (swagger-parser, the OpenAPI 3.1 schema)', () => {
  it('is valid, its references resolved', async () => {
    await expect(SwaggerParser.validate(JSON.parse(source))).resolves.toBeTruthy();
  });
});
