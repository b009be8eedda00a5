import { Button, Result, Typography } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';

interface Props {
  /** The page's address: another address is another page, shown afresh. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/**
 * A page that throws while rendering shows what went wrong inside the frame — header, sidebar and the other
 * open pages stay — with a way back, never a blank screen.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('页面渲染出错', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Result
        status="error"
        title="页面出错了"
        subTitle={
          <>
            该页面无法显示，其他页面不受影响。可重试，或返回首页。
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              错误信息：{error.message}
            </Typography.Paragraph>
          </>
        }
        extra={[
          <Button key="retry" type="primary" onClick={() => this.setState({ error: null })}>
            重试
          </Button>,
          <Link key="home" to="/home">
            <Button>返回首页</Button>
          </Link>,
        ]}
      />
    );
  }
}
