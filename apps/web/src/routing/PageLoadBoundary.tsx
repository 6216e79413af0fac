import { Component, type ReactNode } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';

function PageLoadFailed() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 3 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('common.pageLoadFailed')}
      </Alert>
    </Box>
  );
}

interface BoundaryProps {
  /** The current path: a change clears the failure, so moving to another page tries again. */
  readonly resetKey: string;
  readonly children: ReactNode;
}

interface BoundaryState {
  readonly failed: boolean;
  readonly resetKey: string;
}

/**
 * Catches a page whose chunk could not be fetched (offline, or a release replaced the files since
 * the tab opened) and offers a reload, where React would otherwise leave a blank screen. Not keyed
 * by the path, which would remount a page whose path parameters change.
 */
export class PageLoadBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render(): ReactNode {
    return this.state.failed ? <PageLoadFailed /> : this.props.children;
  }
}
