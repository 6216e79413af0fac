import type { ReactNode } from 'react';
import { Paper, Stack, Tab, TablePagination, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ROWS_PER_PAGE_OPTIONS, type Paging } from './paging';
import { SearchField } from './SearchField';

export interface PanelTabs<T extends string> {
  readonly value: T;
  readonly options: readonly { readonly value: T; readonly label: string }[];
  readonly onChange: (value: T) => void;
}

/**
 * The list panel shared by the users, roles and projects screens: optional tabs, a search field,
 * an error line, the table and its pager. Changing tab or search goes back to the first page.
 */
export function TablePanel<T extends string>(props: {
  readonly tabs?: PanelTabs<T>;
  readonly search: string;
  readonly searchPlaceholder: string;
  readonly onSearch: (value: string) => void;
  readonly error?: ReactNode;
  readonly paging: Paging;
  readonly count: number;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  const { paging, tabs } = props;
  return (
    <Paper sx={{ p: 2 }}>
      {tabs !== undefined && (
        <Tabs
          value={tabs.value}
          onChange={(_, next: T) => {
            tabs.onChange(next);
            paging.setPage(0);
          }}
          sx={{ mb: 2 }}
        >
          {tabs.options.map((option) => (
            <Tab key={option.value} value={option.value} label={option.label} />
          ))}
        </Tabs>
      )}
      <Stack direction="row" sx={{ mb: 2 }}>
        <SearchField
          value={props.search}
          placeholder={props.searchPlaceholder}
          onChange={(value) => {
            props.onSearch(value);
            paging.setPage(0);
          }}
        />
      </Stack>
      {props.error}
      {props.children}
      <TablePagination
        component="div"
        count={props.count}
        page={paging.page}
        rowsPerPage={paging.size}
        rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
        labelRowsPerPage={t('admin.common.rowsPerPage')}
        onPageChange={(_, next) => paging.setPage(next)}
        onRowsPerPageChange={(event) => {
          paging.setSize(Number(event.target.value));
          paging.setPage(0);
        }}
      />
    </Paper>
  );
}
