// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { named, Select } from './forms';

describe('a labelled select of a plain form', () => {
  afterEach(cleanup);

  it('offers nothing first when asked, then the choices in their order, with the given one chosen', () => {
    render(<Select name="brand_id" label="Brand" empty="No brand" choices={named([{ id: 7, name: 'Linea' }, { id: 3, name: 'Aria' }])} defaultValue="3" />);
    const select = screen.getByLabelText<HTMLSelectElement>('Brand');
    expect([select.name, select.value]).toEqual(['brand_id', '3']);
    expect(within(select).getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', 'No brand'],
      ['7', 'Linea'],
      ['3', 'Aria'],
    ]);
  });
});
