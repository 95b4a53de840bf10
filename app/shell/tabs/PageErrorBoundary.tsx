import { Component, type ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { translateStored } from '../../i18n';

interface State {
  error: Error | null;
}

/** A page that fails to render shows an error card inside the layout; the header, menu and tabs stay usable. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={translateStored('shell.pageError')}>
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{this.state.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => this.setState({ error: null })}>
            {translateStored('shell.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
}
