import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { t } from './i18n';

interface Props {
  children: ReactNode;
  onRetry?: () => void;
}

/** Keeps one broken page from taking the whole application down. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  retry = () => {
    const chunk = /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(this.state.error?.message ?? '');
    if (chunk) {
      window.location.reload(); // a new version was deployed: the old page chunks are gone
      return;
    }
    this.setState({ error: null });
    this.props.onRetry?.();
  };

  render() {
    if (this.state.error) {
      return (
        <Result
          status="error"
          title={t('result.crashed')}
          subTitle={this.state.error.message}
          extra={
            <Button type="primary" onClick={this.retry}>
              {t('common.retry')}
            </Button>
          }
        />
      );
    }
    return this.props.children;
  }
}
