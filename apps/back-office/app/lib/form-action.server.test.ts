import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AdminApiError } from './api.server';
import { submitStaffForm } from './form-action.server';

const schema = z.object({ name: z.string().min(2), password: z.string().min(1) });
const posted = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return formData;
};
const valid = posted({ name: 'Ada', password: 'secret' });
const refusedBy = (error: unknown) => async () => {
  throw error;
};

describe("a staff form's server half", () => {
  it('sends the valid values and answers what the change answers', async () => {
    const sent: unknown[] = [];
    const answer = await submitStaffForm(valid, schema, async (value) => {
      sent.push(value);
      return 'done';
    });
    expect([answer, sent]).toEqual(['done', [{ name: 'Ada', password: 'secret' }]]);
  });

  it('gives a form with problems back without sending it, and never its hidden fields', async () => {
    let called = false;
    const answer = await submitStaffForm(
      posted({ name: 'A', password: 'secret' }),
      schema,
      async () => {
        called = true;
        return 'done';
      },
      { hideFields: ['password'] },
    );
    expect(called).toBe(false);
    expect(answer).toMatchObject({ result: { status: 'error', error: { name: expect.any(Array) } } });
    expect(JSON.stringify(answer)).not.toContain('secret');
  });

  it("says the API's refusal on the form, or at the field it belongs to", async () => {
    expect(await submitStaffForm(valid, schema, refusedBy(new AdminApiError(409, 'version_conflict')))).toMatchObject({ result: { error: { '': ['version_conflict'] } } });
    const atField = await submitStaffForm(valid, schema, refusedBy(new AdminApiError(409, 'catalogue_conflict')), { fieldOf: { catalogue_conflict: ['name', 'taken'] } });
    expect(atField).toMatchObject({ result: { error: { name: ['taken'] } } });
    expect(atField).not.toMatchObject({ result: { error: { '': expect.anything() } } });
    // What the page gets back can say which form it was.
    expect(await submitStaffForm(valid, schema, refusedBy(new AdminApiError(422, 'too_late')), { refused: (result) => ({ form: 'rate-1', result }) })).toMatchObject({
      form: 'rate-1',
      result: { error: { '': ['too_late'] } },
    });
  });

  it('leaves a fault, a lost session and a missing page to the error page; a gone row the form names is the form’s', async () => {
    await expect(submitStaffForm(valid, schema, refusedBy(new AdminApiError(500, 'internal_error')))).rejects.toThrow('500 internal_error');
    await expect(submitStaffForm(valid, schema, refusedBy(new Response('not_found', { status: 404 })))).rejects.toBeInstanceOf(Response);
    await expect(submitStaffForm(valid, schema, refusedBy(new Error('socket hang up')))).rejects.toThrow('socket hang up');
    expect(await submitStaffForm(valid, schema, refusedBy(new Response('not_found', { status: 404 })), { rowInForm: true })).toMatchObject({ result: { error: { '': ['not_found'] } } });
    // A gateway that did not refund is a 502 the merchant can act on, when the form says so.
    expect(await submitStaffForm(valid, schema, refusedBy(new AdminApiError(502, 'gateway_failed')), { serverRefusals: ['gateway_failed'] })).toMatchObject({ result: { error: { '': ['gateway_failed'] } } });
  });
});
