import { Alert, Box, Tab, Tabs, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ClinicalBreadcrumbs } from '../../clinical/ClinicalBreadcrumbs';

/**
 * The frame of the Model Training and Model Prediction pages: breadcrumb, title, the permission
 * message, and two tabs. The first tab stays mounted while the second shows, so a running
 * training or prediction keeps polling.
 */
export function ModelToolPage<T extends string>(props: {
  readonly title: string;
  readonly allowed: boolean;
  readonly noPermission: string;
  readonly tab: T;
  readonly onTab: (tab: T) => void;
  readonly first: { readonly value: T; readonly label: string; readonly content: ReactNode };
  readonly second: { readonly value: T; readonly label: string; readonly content: ReactNode };
}) {
  const { t } = useTranslation();
  const { first, second } = props;
  return (
    <Box>
      <ClinicalBreadcrumbs
        crumbs={[
          { label: t('technical.training.crumbTechnical'), to: '/finetune/dashboard' },
          { label: props.title },
        ]}
      />
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {props.title}
      </Typography>
      {!props.allowed ? (
        <Alert severity="warning">{props.noPermission}</Alert>
      ) : (
        <>
          <Tabs
            value={props.tab}
            onChange={(_event, value: T) => props.onTab(value)}
            sx={{ mb: 2 }}
          >
            <Tab value={first.value} label={first.label} />
            <Tab value={second.value} label={second.label} />
          </Tabs>
          <Box hidden={props.tab !== first.value}>{first.content}</Box>
          {props.tab === second.value && second.content}
        </>
      )}
    </Box>
  );
}
