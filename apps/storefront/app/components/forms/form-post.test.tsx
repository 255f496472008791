// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { IN_PLACE_FIELD } from '~/lib/form-fields';
import { PostForm, useFormPost } from './form-post';

/** What the action was sent, for the test to read. */
let received: Record<string, FormDataEntryValue> | null = null;

function ConsentForm({ inPlace }: { inPlace: boolean }) {
  const post = useFormPost<{ said: string }>({ id: 'consent-test', inPlace });
  return (
    <PostForm post={post}>
      <label>
        <input type="checkbox" name="confirm" value="yes" required onChange={post.onFix} /> Agreed
      </label>
      {post.incomplete ? <p role="alert">Tick the box</p> : null}
      <button type="submit" name="via" value="button">
        Send
      </button>
      <p role="status">{post.answer?.said}</p>
    </PostForm>
  );
}

function renderForm(inPlace: boolean) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => <ConsentForm inPlace={inPlace} />,
      action: async ({ request }) => {
        received = Object.fromEntries(await request.formData());
        return { said: 'done' };
      },
    },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

afterEach(() => {
  cleanup();
  received = null;
});

describe('useFormPost and PostForm', () => {
  it('does not send a form whose required box is unticked: it says so and focuses the box', async () => {
    renderForm(true);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Tick the box');
    expect(document.activeElement).toBe(screen.getByRole('checkbox'));
    expect(received).toBeNull();
    fireEvent.click(screen.getByRole('checkbox'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends in place with the pressed button and the in-place mark (no form id: its state is its fetcher’s), and keeps the answer', async () => {
    renderForm(true);
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('done'));
    expect(received).toEqual({ confirm: 'yes', via: 'button', [IN_PLACE_FIELD]: '1' });
  });

  it('sends as a navigation with the form’s id, without the in-place mark', async () => {
    renderForm(false);
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(received).not.toBeNull());
    expect(received).toEqual({ form: 'consent-test', confirm: 'yes', via: 'button' });
  });
});
