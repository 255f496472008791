// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListTable, type Column } from './list-table';

type Line = { sku: string; units: number };
const columns: Column<Line>[] = [
  { header: 'SKU', cell: (line) => line.sku, className: 'font-mono' },
  { header: 'Units', cell: (line) => line.units, numeric: true },
];

describe('a list table', () => {
  afterEach(cleanup);

  it('heads each column and fills a row per item, amounts on the right', () => {
    render(<ListTable columns={columns} rows={[{ sku: 'A-1', units: 3 }, { sku: 'B-2', units: 12 }]} rowKey={(line) => line.sku} />);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => [header.textContent, header.getAttribute('scope'), header.className])).toEqual([
      ['SKU', 'col', 'p-2'],
      ['Units', 'col', 'p-2 text-right'],
    ]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => [cell.textContent, cell.className]))).toEqual([
      [['A-1', 'p-2 font-mono'], ['3', 'p-2 text-right']],
      [['B-2', 'p-2 font-mono'], ['12', 'p-2 text-right']],
    ]);
  });

  it('says the list is empty instead of showing an empty table, when given the sentence', () => {
    render(<ListTable columns={columns} rows={[]} rowKey={(line) => line.sku} empty="No lines." />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No lines.')).toBeTruthy();
    cleanup();
    render(<ListTable columns={columns} rows={[]} rowKey={(line) => line.sku} />);
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);
  });
});
