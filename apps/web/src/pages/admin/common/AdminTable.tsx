import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * A small administration table: the given column titles plus a right-aligned Actions column, and
 * one centred row with `emptyText` when there are no rows.
 */
export function AdminTable(props: {
  readonly columns: readonly string[];
  readonly empty: boolean;
  readonly emptyText: string;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {props.columns.map((column) => (
            <TableCell key={column}>{column}</TableCell>
          ))}
          <TableCell align="right">{t('admin.common.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {props.empty && (
          <TableRow>
            <TableCell colSpan={props.columns.length + 1} align="center">
              {props.emptyText}
            </TableCell>
          </TableRow>
        )}
        {props.children}
      </TableBody>
    </Table>
  );
}
