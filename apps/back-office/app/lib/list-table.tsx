import type { Key, ReactNode } from 'react';

/** One column of a list: its header, what a row shows in it, and how its cells are set. */
export type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Amounts and counts: the header and the cells right-aligned. */
  numeric?: boolean;
  /** More classes for the cells: font-mono, whitespace-nowrap, break-all… */
  className?: string;
};

const cellClass = ({ numeric, className }: Pick<Column<unknown>, 'numeric' | 'className'>) => ['p-2', numeric && 'text-right', className].filter(Boolean).join(' ');

/**
 * A back-office list as a table that scrolls sideways on a phone, with a header row of column headers.
 * With `empty`, no rows show that sentence instead of an empty table.
 */
export function ListTable<Row>({ columns, rows, rowKey, empty, alignTop = false }: { columns: Column<Row>[]; rows: readonly Row[]; rowKey: (row: Row, index: number) => Key; empty?: string; alignTop?: boolean }) {
  if (empty !== undefined && rows.length === 0) return <p>{empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse bg-white text-left text-sm">
        <thead>
          <tr className="border-b border-stone-300">
            {columns.map((column, index) => (
              <th key={index} scope="col" className={cellClass({ numeric: column.numeric })}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} className={alignTop ? 'border-b border-stone-200 align-top' : 'border-b border-stone-200'}>
              {columns.map((column, index) => (
                <td key={index} className={cellClass(column)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
