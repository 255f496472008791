import { describe, expect, it } from 'vitest';
import { adminCalls } from './admin-calls.ts';
import { calls } from './calls.ts';
import { openApiDocument } from './openapi.ts';

type Operation = { operationId: string; tags: string[]; requestBody?: { content: Record<string, { schema: { required?: string[]; properties?: Record<string, { maxLength?: number }> } }> }; parameters?: { name: string }[] };

describe('the OpenAPI document', () => {
  const document = openApiDocument('https://api.example.test') as { openapi: string; paths: Record<string, Record<string, Operation>> };

  it('describes every call once, with its method', () => {
    expect(document.openapi).toBe('3.1.0');
    const shopperPaths = Object.keys(calls).map((name) => `/${name}`);
    const adminPaths = Object.keys(adminCalls).map((name) => `/admin/${name}`);
    expect(Object.keys(document.paths).sort()).toEqual([...shopperPaths, ...adminPaths].sort());
    for (const [name, definition] of Object.entries(calls)) {
      expect(Object.keys(document.paths[`/${name}`]!)).toEqual([definition.method.toLowerCase()]);
      expect(document.paths[`/${name}`]![definition.method.toLowerCase()]!.tags).toEqual(['shop']);
    }
  });

  it("puts the back office's calls under /admin/, POST, with their own tag", () => {
    for (const name of Object.keys(adminCalls)) expect(document.paths[`/admin/${name}`]!.post!.tags).toEqual(['admin']);
  });

  it('gives a POST call its JSON body schema and a GET call its query parameters', () => {
    const login = document.paths['/login']!.post!;
    expect(login.requestBody?.content['application/json']?.schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    const validatePassword = document.paths['/validatePassword']!.post!;
    expect(validatePassword.requestBody?.content['application/json']?.schema.properties?.password?.maxLength).toBeGreaterThan(0);
    expect(document.paths['/getPasswordPolicy']!.get!.requestBody).toBeUndefined();
  });
});
